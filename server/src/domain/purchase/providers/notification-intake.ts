// What happens to a vendor notification once its signature has been checked: a replay is refused, the
// order must exist, belong to that vendor and cost exactly what was paid, and only then is settle()
// called (which credits at most once). Refusals carry the HTTP status the vendor sees.
import type { OrderLookup, VendorOrder } from './order-lookup';
import type { PaymentConfirmation, ProviderName, SettlePayment } from './payment-provider';
import type { ReplayGuard } from './replay-guard';

export type VendorVerdict =
  | {
      ok: true;
      confirmation: PaymentConfirmation;
      notificationId: string;
      /** Whether what the vendor collected is exactly the order's price. */
      amountMatches(order: VendorOrder): boolean;
    }
  | { ok: false; problem: string };

export type IntakeOutcome =
  | { result: 'credited' | 'alreadyCredited' | 'ignored' }
  | { result: 'refused'; status: number; problem: 'unsigned' | 'badSignature' | 'stale' | 'malformed' | 'replayed' | 'unknownOrder' | 'amountMismatch' | 'foreign' };

const STATUS_OF_PROBLEM: Record<string, { status: number; problem: Extract<IntakeOutcome, { result: 'refused' }>['problem'] }> = {
  unsigned: { status: 401, problem: 'unsigned' },
  badSignature: { status: 401, problem: 'badSignature' },
  stale: { status: 401, problem: 'stale' },
  undecryptable: { status: 401, problem: 'badSignature' },
  foreignMerchant: { status: 403, problem: 'foreign' },
  foreignApp: { status: 403, problem: 'foreign' },
  malformed: { status: 400, problem: 'malformed' },
};

export interface IntakeDeps {
  orders: OrderLookup;
  settle: SettlePayment;
  guard: ReplayGuard;
}

export async function takeNotification(deps: IntakeDeps, provider: ProviderName, verdict: VendorVerdict, replayWindowSeconds: number): Promise<IntakeOutcome> {
  if (!verdict.ok) {
    // A genuine notification of something that credits nothing (a refund, a closed trade) is acknowledged.
    if (verdict.problem === 'ignored') return { result: 'ignored' };
    return { result: 'refused', ...(STATUS_OF_PROBLEM[verdict.problem] ?? { status: 400, problem: 'malformed' }) };
  }
  const key = `${provider}:${verdict.notificationId}`;
  if (!(await deps.guard.claim(key, replayWindowSeconds))) return { result: 'refused', status: 409, problem: 'replayed' };
  try {
    const order = await deps.orders.findByOutTradeNo(verdict.confirmation.outTradeNo);
    if (!order || order.provider !== provider) {
      await deps.guard.release(key);
      return { result: 'refused', status: 404, problem: 'unknownOrder' };
    }
    if (!verdict.amountMatches(order)) {
      await deps.guard.release(key);
      return { result: 'refused', status: 400, problem: 'amountMismatch' };
    }
    const settled = await deps.settle({ ...verdict.confirmation, amountFen: order.amountFen });
    return { result: settled.credited ? 'credited' : 'alreadyCredited' };
  } catch (error) {
    // Nothing was credited by this delivery: the vendor's retry must be heard.
    await deps.guard.release(key);
    throw error;
  }
}
