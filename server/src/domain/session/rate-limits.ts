// Hourly caps on guessing: code sends, password sign-ins, code checks and voucher redemptions, each
// per target (address, account, user) AND per client address.
//
// Why rate-limiter-flexible: one small library with the same API over an in-memory store (the
// embedded default) and Redis (shared by every server instance when REDIS_URL is set), with
// atomic increments and fixed windows — exactly the "N per hour" rules the spec states.
//
// Why "reserve" and not "check, then count": a check before the slow password hash and a count after
// it let a burst of parallel attempts all pass the check (issue 9: the 291st of 300 parallel guesses
// signed in). Each attempt now consumes a point atomically *before* it is evaluated, so at most N
// attempts per hour are ever evaluated whatever the concurrency (OWASP ASVS 2.2.1); a successful one
// gives its points back, so only failures count against the owner.
import { connectRedis } from '../../redis-connection';
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';
import {
  CODE_SENDS_PER_ADDRESS_PER_HOUR,
  FAILED_LOGINS_PER_ACCOUNT_PER_HOUR,
  FAILED_VOUCHER_REDEMPTIONS_PER_USER_PER_HOUR,
} from '../../../../src/shared/contract/limits';

const HOUR_SECONDS = 3600;

/** 'target' = the account/address/user used its allowance; 'client' = the caller's address did. */
export type Refusal = 'target' | 'client';

export type Reservation = { ok: true; refund(): Promise<void> } | { ok: false; refusedBy: Refusal };

export interface RateLimits {
  /** Counts one code send for the address and the client; false when either had its hourly allowance. */
  takeCodeSend(address: string, client: string): Promise<boolean>;
  /** Reserves one password attempt against the account and the client before the hash is computed. */
  reserveLogin(account: string, client: string): Promise<Reservation>;
  /** Forgets the account's failed sign-ins (its owner proved themselves with a code). */
  clearLogin(account: string): Promise<void>;
  /** Reserves one verification-code check by this client (codes also count wrong guesses themselves). */
  reserveCodeCheck(client: string): Promise<Reservation>;
  /** Reserves one voucher redemption by the user and the client (stops guessing codes with many visitor accounts). */
  reserveVoucher(userId: string, client: string): Promise<Reservation>;
  close(): Promise<void>;
}

function isRejection(error: unknown): boolean {
  // rate-limiter-flexible rejects with a RateLimiterRes when points run out, with an Error when the store fails.
  return !(error instanceof Error);
}

/** Consumes one point; false when the key is out of points. Store failures propagate (fail closed). */
async function take(limiter: RateLimiterAbstract, key: string): Promise<boolean> {
  try {
    await limiter.consume(key);
    return true;
  } catch (error) {
    if (isRejection(error)) return false;
    throw error;
  }
}

async function giveBack(limiter: RateLimiterAbstract, key: string): Promise<void> {
  await limiter.reward(key, 1).catch(() => undefined);
}

/**
 * Reserves a point from the client's limiter, then from the target's. The client is charged first
 * so that a client already over its allowance cannot use up the target's (a stranger's guesses stop
 * counting against the owner once the stranger is refused).
 */
async function reserve(
  target: { limiter: RateLimiterAbstract; key: string } | null,
  client: { limiter: RateLimiterAbstract; key: string },
): Promise<Reservation> {
  if (!(await take(client.limiter, client.key))) return { ok: false, refusedBy: 'client' };
  if (target && !(await take(target.limiter, target.key))) return { ok: false, refusedBy: 'target' };
  return {
    ok: true,
    async refund() {
      await giveBack(client.limiter, client.key);
      if (target) await giveBack(target.limiter, target.key);
    },
  };
}

export function createRateLimits(redisUrl: string | null, keyPrefix = 'parley', perClientPerHour = 100): RateLimits {
  const redis = redisUrl ? connectRedis(redisUrl, { maxRetriesPerRequest: 2, enableOfflineQueue: true }) : null;
  const make = (name: string, points: number): RateLimiterAbstract =>
    redis
      ? new RateLimiterRedis({ storeClient: redis, keyPrefix: `${keyPrefix}:${name}`, points, duration: HOUR_SECONDS })
      : new RateLimiterMemory({ keyPrefix: `${keyPrefix}:${name}`, points, duration: HOUR_SECONDS });
  const codeSends = make('code-send', CODE_SENDS_PER_ADDRESS_PER_HOUR);
  const failedLogins = make('login-fail', FAILED_LOGINS_PER_ACCOUNT_PER_HOUR);
  const failedVouchers = make('voucher-fail', FAILED_VOUCHER_REDEMPTIONS_PER_USER_PER_HOUR);
  // One allowance per kind and client address (CLIENT_ATTEMPTS_PER_HOUR), so a busy office behind one
  // address signing in does not stop its code sends, and the other way round.
  const perClient = {
    codeSend: make('client-code-send', perClientPerHour),
    login: make('client-login', perClientPerHour),
    codeCheck: make('client-code-check', perClientPerHour),
    voucher: make('client-voucher', perClientPerHour),
  };

  return {
    async takeCodeSend(address, client) {
      const reserved = await reserve({ limiter: codeSends, key: address }, { limiter: perClient.codeSend, key: client });
      return reserved.ok;
    },
    reserveLogin: (account, client) => reserve({ limiter: failedLogins, key: account }, { limiter: perClient.login, key: client }),
    async clearLogin(account) {
      await failedLogins.delete(account);
    },
    reserveCodeCheck: (client) => reserve(null, { limiter: perClient.codeCheck, key: client }),
    reserveVoucher: (userId, client) => reserve({ limiter: failedVouchers, key: userId }, { limiter: perClient.voucher, key: client }),
    async close() {
      if (redis) await redis.quit().catch(() => redis.disconnect());
    },
  };
}
