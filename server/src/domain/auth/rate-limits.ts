// Hourly caps on code sends per address, failed logins per account and failed voucher redemptions per user.
//
// Why rate-limiter-flexible: one small library with the same API over an in-memory store (the
// embedded default) and Redis (shared by every server instance when REDIS_URL is set), with
// atomic increments and fixed windows — exactly the "N per hour" rules the spec states.
import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';
import {
  CODE_SENDS_PER_ADDRESS_PER_HOUR,
  FAILED_LOGINS_PER_ACCOUNT_PER_HOUR,
  FAILED_VOUCHER_REDEMPTIONS_PER_USER_PER_HOUR,
} from '../../../../src/shared/contract/limits';

const HOUR_SECONDS = 3600;

export interface RateLimits {
  /** Counts one code send; false when the address already had its hourly allowance. */
  takeCodeSend(address: string): Promise<boolean>;
  /** True while the account is locked by too many failed logins this hour. */
  isLoginLocked(account: string): Promise<boolean>;
  recordFailedLogin(account: string): Promise<void>;
  /** True while the user has used up this hour's failed voucher redemptions (stops guessing codes). */
  isVoucherLocked(userId: string): Promise<boolean>;
  recordFailedVoucher(userId: string): Promise<void>;
  close(): Promise<void>;
}

function isRejection(error: unknown): boolean {
  // rate-limiter-flexible rejects with a RateLimiterRes when points run out, with an Error when the store fails.
  return !(error instanceof Error);
}

export function createRateLimits(redisUrl: string | null, keyPrefix = 'parley'): RateLimits {
  const redis = redisUrl ? new Redis(redisUrl, { maxRetriesPerRequest: 2, enableOfflineQueue: true }) : null;
  const make = (name: string, points: number): RateLimiterAbstract =>
    redis
      ? new RateLimiterRedis({ storeClient: redis, keyPrefix: `${keyPrefix}:${name}`, points, duration: HOUR_SECONDS })
      : new RateLimiterMemory({ keyPrefix: `${keyPrefix}:${name}`, points, duration: HOUR_SECONDS });
  const codeSends = make('code-send', CODE_SENDS_PER_ADDRESS_PER_HOUR);
  const failedLogins = make('login-fail', FAILED_LOGINS_PER_ACCOUNT_PER_HOUR);
  const failedVouchers = make('voucher-fail', FAILED_VOUCHER_REDEMPTIONS_PER_USER_PER_HOUR);
  const isLocked = async (limiter: RateLimiterAbstract, key: string, points: number) => {
    const res = await limiter.get(key);
    return res !== null && res.consumedPoints >= points;
  };
  const recordFailure = async (limiter: RateLimiterAbstract, key: string) => {
    try {
      await limiter.consume(key);
    } catch (error) {
      if (!isRejection(error)) throw error;
    }
  };

  return {
    async takeCodeSend(address) {
      try {
        await codeSends.consume(address);
        return true;
      } catch (error) {
        if (isRejection(error)) return false;
        throw error;
      }
    },
    isLoginLocked: (account) => isLocked(failedLogins, account, FAILED_LOGINS_PER_ACCOUNT_PER_HOUR),
    recordFailedLogin: (account) => recordFailure(failedLogins, account),
    isVoucherLocked: (userId) => isLocked(failedVouchers, userId, FAILED_VOUCHER_REDEMPTIONS_PER_USER_PER_HOUR),
    recordFailedVoucher: (userId) => recordFailure(failedVouchers, userId),
    async close() {
      if (redis) await redis.quit().catch(() => redis.disconnect());
    },
  };
}
