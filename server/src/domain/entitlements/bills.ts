// The bills page (features §7 Account): purchases and credits, consumption, and the hours used per
// local day over the last weeks, all read from the ledger.
import type { Kysely } from 'kysely';
import type { components } from '../../../../src/api/schema';
import type { Database, LedgerRow } from '../../db/schema';
import { localDay } from './local-day';

type Translate = (key: string, params?: Record<string, unknown>) => unknown;
type BuyRecord = components['schemas']['BuyRecord'];
type CostRecord = components['schemas']['CostRecord'];

const PACKAGE_TYPE_OF = { svip: 1, vip: 2, duration: 3, dubbing: 5 } as const;
const ACCOUNT_NAME_KEY = { svip: 'account.svipMember', vip: 'account.vipMember', duration: 'account.duration', dubbing: 'account.smartDubbing' } as const;
const SERIES_FIELD = { live: 'meetingSeconds', upload: 'transcriptionSeconds', dubbing: 'dubbingSeconds' } as const;
const USAGE_KIND = { live: 'meeting', upload: 'transcription', dubbing: 'dubbing' } as const;
const CREDIT_KINDS = ['purchase', 'grant', 'voucher', 'trial'] as const;
const USE_KINDS = ['consumption', 'refund'] as const;
const ORDER_PREFIX = 'order:';

function page(pageNum = 1, pageSize = 10) {
  return { offset: (pageNum - 1) * pageSize, limit: pageSize };
}

async function paged(db: Kysely<Database>, userId: string, kinds: readonly string[], pageNum?: number, pageSize?: number) {
  const base = db.selectFrom('ledger_entries').where('user_id', '=', userId).where('kind', 'in', kinds as LedgerRow['kind'][]);
  const { offset, limit } = page(pageNum, pageSize);
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirst(),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

function creditName(t: Translate, row: LedgerRow): string {
  const account = String(t(ACCOUNT_NAME_KEY[row.account]));
  const how = row.kind === 'voucher' ? String(t('billing:entry.voucher', { code: row.note ?? '' })) : String(t(`billing:entry.${row.kind}`));
  return row.kind === 'purchase' && row.note ? row.note : `${account} · ${how}`;
}

export async function buyRecords(db: Kysely<Database>, t: Translate, userId: string, pageNum?: number, pageSize?: number) {
  const { rows, total } = await paged(db, userId, CREDIT_KINDS, pageNum, pageSize);
  // A purchase row's order (source key 'order:<outTradeNo>') says what was paid and how.
  const orderNos = rows.filter((row) => row.kind === 'purchase' && row.source_key.startsWith(ORDER_PREFIX)).map((row) => row.source_key.slice(ORDER_PREFIX.length));
  const orders = orderNos.length
    ? await db.selectFrom('payment_orders').select(['out_trade_no', 'amount_fen', 'pay_type']).where('user_id', '=', userId).where('out_trade_no', 'in', orderNos).execute()
    : [];
  const orderOf = new Map(orders.map((order) => [order.out_trade_no, order]));
  return {
    total,
    rows: rows.map((row): BuyRecord => {
      const order = row.source_key.startsWith(ORDER_PREFIX) ? orderOf.get(row.source_key.slice(ORDER_PREFIX.length)) : undefined;
      return {
        id: row.id,
        outTradeNo: order ? order.out_trade_no : row.source_key,
        packageName: creditName(t, row),
        packageType: PACKAGE_TYPE_OF[row.account],
        // Only orders carry a price; vouchers, grants and the trial cost nothing.
        payPrice: order ? order.amount_fen / 100 : 0,
        ...(order ? { payType: order.pay_type } : {}),
        status: 'paid',
        source: row.kind as NonNullable<BuyRecord['source']>,
        createTime: row.created_at,
      };
    }),
  };
}

export async function costRecords(db: Kysely<Database>, t: Translate, userId: string, pageNum?: number, pageSize?: number) {
  const { rows, total } = await paged(db, userId, USE_KINDS, pageNum, pageSize);
  return {
    total,
    rows: rows.map(
      (row): CostRecord => ({
        id: row.id,
        accountTypeName: String(t(`billing:usage.${row.usage ?? 'upload'}`)),
        sourceType: row.kind,
        // Seconds used (both the day's allowance and the pack); a refund is negative.
        duration: (row.kind === 'refund' ? -1 : 1) * (Math.abs(row.seconds) + Math.abs(row.allowance_seconds)),
        transId: row.record_id,
        usageKind: row.usage ? USAGE_KIND[row.usage] : null,
        // The note holds the record's or meeting's name as it was when the use was charged.
        recordName: row.note,
        remark: row.note,
        createTime: row.created_at,
      }),
    ),
  };
}

/** Seconds per local day and kind, oldest first, net of refunds. */
export async function usageSeries(db: Kysely<Database>, userId: string, now: Date, zone: string, days: number) {
  const dates: string[] = [];
  for (let i = days - 1; i >= 0; i--) dates.push(localDay(new Date(now.getTime() - i * 86_400_000), zone));
  const unique = [...new Set(dates)];
  const rows = await db
    .selectFrom('ledger_entries')
    .select(['usage', 'usage_day', 'kind', 'seconds', 'allowance_seconds'])
    .where('user_id', '=', userId)
    .where('kind', 'in', ['consumption', 'refund'])
    .where('usage_day', 'in', unique)
    .execute();
  // The usage kinds of the contract (UsageKind) for the ledger's own names.
  const byDay = new Map(unique.map((date) => [date, { date, meetingSeconds: 0, transcriptionSeconds: 0, dubbingSeconds: 0 }]));
  for (const row of rows) {
    const point = byDay.get(row.usage_day ?? '');
    if (!point || !row.usage) continue;
    const seconds = Math.abs(row.seconds) + Math.abs(row.allowance_seconds);
    point[SERIES_FIELD[row.usage]] += row.kind === 'refund' ? -seconds : seconds;
  }
  return { timeZone: zone, days: [...byDay.values()] };
}


type Receipt = components['schemas']['Receipt'];
const RECEIPT_SELLER = 'Parley';

/**
 * The receipt of a paid order of the user's own (issue 29). Anything else — another user's order, an
 * unpaid or closed one, an unknown number — is one 404, so the call tells nobody which orders exist.
 */
export async function receiptOf(db: Kysely<Database>, userId: string, outTradeNo: string): Promise<Receipt | null> {
  const order = await db
    .selectFrom('payment_orders')
    .innerJoin('users', 'users.id', 'payment_orders.user_id')
    .select([
      'payment_orders.out_trade_no',
      'payment_orders.package_name',
      'payment_orders.package_type',
      'payment_orders.amount_fen',
      'payment_orders.pay_type',
      'payment_orders.provider_txn_id',
      'payment_orders.paid_at',
      'users.name',
      'users.nickname',
      'users.email',
      'users.phone',
    ])
    .where('payment_orders.out_trade_no', '=', outTradeNo)
    .where('payment_orders.user_id', '=', userId)
    .where('payment_orders.status', '=', 'paid')
    .executeTakeFirst();
  if (!order || !order.paid_at) return null;
  return {
    outTradeNo: order.out_trade_no,
    packageName: order.package_name,
    packageType: Number(order.package_type) as Receipt['packageType'] & number,
    amount: order.amount_fen / 100,
    currency: 'CNY',
    payType: order.pay_type,
    providerTxnId: order.provider_txn_id,
    paidAt: order.paid_at,
    buyerName: order.nickname || order.name,
    buyerAddress: order.email ?? order.phone,
    seller: RECEIPT_SELLER,
  };
}
