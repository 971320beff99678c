// A user's voucher exchange (platform §5, §8 'Voucher exchange'): the attempt limits around the
// redemption, and the refusals a client shows as they are.
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import type { Database } from '../../db/schema';
import { AppError, tooManyAttempts } from '../../errors';
import type { RateLimits } from '../session/rate-limits';
import { redeemVoucher, type RedeemOutcome } from './vouchers-service';

export interface ExchangeDeps {
  db: Kysely<Database>;
  clock: Clock;
  rateLimits: RateLimits;
}

/** Redeems the code for the user, or throws the refusal (invalid, already used, too many tries). */
export async function exchangeVoucher(deps: ExchangeDeps, userId: string, typedCode: string, client: string): Promise<Extract<RedeemOutcome, { ok: true }>> {
  // The input is trimmed by the client; a code pasted with spaces around it is the same code here too.
  const code = typedCode.trim();
  if (!code) throw new AppError(400, 'vouchers:invalid');
  // Codes are short secrets: each try is reserved (per user and per client address, atomically)
  // before the code is looked up, so a burst cannot try more than the hourly allowance; a
  // successful redemption gives its try back. Visitor accounts are free, hence the per-client cap.
  const reserved = await deps.rateLimits.reserveVoucher(userId, client);
  if (!reserved.ok) throw tooManyAttempts();
  const outcome = await redeemVoucher(deps.db, deps.clock, userId, code);
  if (outcome.ok) {
    await reserved.refund();
    return outcome;
  }
  throw new AppError(outcome.reason === 'used' ? 409 : 400, outcome.reason === 'used' ? 'vouchers:alreadyUsed' : 'vouchers:invalid');
}
