// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { BuyRecordPage, PageRequest } from '../../api/account/query-buy-record';
import type { UsageDay, UsageSeriesRequest } from '../../api/account/query-usage-series';
import { billsMachine, pageCount, selectBuys, selectBuysError, selectBuysStage, selectCostsStage, selectUsageDays, selectUsageStage } from './bills.machine';
import { billsDoubles, buysPage, usageDays } from './bills.doubles';

describe('bills machine', () => {
  it('loads purchases, consumption and 30 days of use in the browser’s time zone', async () => {
    const asked: UsageSeriesRequest[] = [];
    const machine = billsMachine.provide({
      actors: {
        ...billsDoubles,
        loadUsage: fromPromise<UsageDay[], UsageSeriesRequest>(async ({ input }) => {
          asked.push(input);
          return usageDays(input.days);
        }),
      },
    });
    const actor = createActor(machine, { input: { timeZone: 'Asia/Shanghai' } }).start();
    await waitFor(actor, (snapshot) => selectBuysStage(snapshot) === 'shown' && selectCostsStage(snapshot) === 'shown' && selectUsageStage(snapshot) === 'shown');
    expect(asked).toEqual([{ days: 30, timeZone: 'Asia/Shanghai' }]);
    expect(selectUsageDays(actor.getSnapshot())).toHaveLength(30);
    expect(selectBuys(actor.getSnapshot())).toMatchObject({ page: 1, total: 12 });
    expect(selectBuys(actor.getSnapshot()).rows).toHaveLength(10);
  });

  it('pages within the table, keeps the page on failure and reloads the page shown after a payment', async () => {
    const pages: number[] = [];
    let fail = false;
    const machine = billsMachine.provide({
      actors: {
        ...billsDoubles,
        loadBuys: fromPromise<BuyRecordPage, PageRequest>(async ({ input }) => {
          pages.push(input.pageNum);
          if (fail) throw { kind: 'transport', messageKey: 'api:networkError' };
          return buysPage(input.pageNum);
        }),
      },
    });
    const actor = createActor(machine, { input: { timeZone: null } }).start();
    await waitFor(actor, (snapshot) => selectBuysStage(snapshot) === 'shown');
    actor.send({ type: 'bills.buysPage', page: 3 });
    actor.send({ type: 'bills.buysPage', page: 0 });
    actor.send({ type: 'bills.buysPage', page: 1 });
    expect(pages).toEqual([1]);
    fail = true;
    actor.send({ type: 'bills.buysPage', page: 2 });
    await waitFor(actor, (snapshot) => selectBuysStage(snapshot) === 'failed');
    expect(selectBuysError(actor.getSnapshot())).toEqual({ messageKey: 'api:networkError' });
    fail = false;
    actor.send({ type: 'bills.retry' });
    await waitFor(actor, (snapshot) => selectBuysStage(snapshot) === 'shown');
    actor.send({ type: 'bills.reload' });
    await waitFor(actor, (snapshot) => selectBuysStage(snapshot) === 'shown');
    expect(pages).toEqual([1, 2, 2, 2]);
    expect(selectBuys(actor.getSnapshot()).rows.map((row) => row.id)).toEqual(['b11', 'b12']);
  });

  it('counts pages of ten, at least one', () => {
    expect([pageCount(0), pageCount(10), pageCount(11)]).toEqual([1, 1, 2]);
  });
});
