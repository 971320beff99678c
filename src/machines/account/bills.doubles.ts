// Bills for the bills machine's tests and path model: twelve purchases and twelve consumption
// records (two pages of ten), whose second pages cannot be read; 30 days of use, which cannot be
// read for the time zone 'Broken/Zone'. The three answer in one order (purchases at once,
// consumption one timer later, use after that) so a path's order of answers is the real one.
import { fromPromise } from 'xstate';
import type { BuyRecord, BuyRecordPage, PageRequest } from '../../api/account/query-buy-record';
import type { CostRecord, CostRecordPage } from '../../api/account/query-cost-record';
import type { UsageDay, UsageSeriesRequest } from '../../api/account/query-usage-series';

export const TOTAL = 12;
export const UNREADABLE = { kind: 'business', code: 500, message: 'Bills are unavailable' };
export const BROKEN_ZONE = 'Broken/Zone';

export function buyRow(index: number): BuyRecord {
  return { id: `b${index}`, outTradeNo: `T${index}`, packageName: index % 2 ? 'SVIP 1 month' : 'Duration 10 h', packageType: index % 2 ? 1 : 3, payPrice: 99 + index, payType: 'wxV3Pay', status: 'paid', createTime: `2026-11-${String(10 + index).padStart(2, '0')} 10:00:00` };
}

export function costRow(index: number): CostRecord {
  return { id: `c${index}`, accountTypeName: 'Duration', usageKind: index % 2 ? 'meeting' : 'transcription', duration: 600 * index, recordName: `Record ${index}`, transId: `r${index}`, remark: null, createTime: `2026-11-${String(10 + index).padStart(2, '0')} 12:00:00` };
}

export function usageDays(count = 30): UsageDay[] {
  return Array.from({ length: count }, (_, index) => ({
    date: `2026-10-${String(index + 1).padStart(2, '0')}`,
    meetingSeconds: (index % 3) * 3600,
    transcriptionSeconds: (index % 5) * 1800,
    dubbingSeconds: index === 29 ? 7200 : 0,
  }));
}

export const pageFails = (page: number) => page === 2;

export function buysPage(page: number): BuyRecordPage {
  return { total: TOTAL, rows: Array.from({ length: Math.min(10, TOTAL - (page - 1) * 10) }, (_, index) => buyRow((page - 1) * 10 + index + 1)) };
}

export function costsPage(page: number): CostRecordPage {
  return { total: TOTAL, rows: Array.from({ length: Math.min(10, TOTAL - (page - 1) * 10) }, (_, index) => costRow((page - 1) * 10 + index + 1)) };
}

const afterTimer = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const billsDoubles = {
  loadBuys: fromPromise<BuyRecordPage, PageRequest>(async ({ input }) => {
    if (pageFails(input.pageNum)) throw UNREADABLE;
    return buysPage(input.pageNum);
  }),
  loadCosts: fromPromise<CostRecordPage, PageRequest>(async ({ input }) => {
    await afterTimer(0);
    if (pageFails(input.pageNum)) throw UNREADABLE;
    return costsPage(input.pageNum);
  }),
  loadUsage: fromPromise<UsageDay[], UsageSeriesRequest>(async ({ input }) => {
    await afterTimer(5);
    if (input.timeZone === BROKEN_ZONE) throw UNREADABLE;
    return usageDays(input.days);
  }),
};
