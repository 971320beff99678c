// Hourly caps on code sends per address and failed logins per account.
//
// Why rate-limiter-flexible: one small library with the same API over an in-memory store (the
// embedded default) and Redis (shared by every server instance when REDIS_URL is set), with
// atomic increments and fixed windows — exactly the "N per hour" rules the spec states.
import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { CODE_SENDS_PER_ADDRESS_PER_HOUR, FAILED_LOGINS_PER_ACCOUNT_PER_HOUR } from '../../../../src/shared/limits';

const HOUR_SECONDS = 3600;

export interface RateLimits {
  /** Counts one code send; false when the address already had its hourly allowance. */
  takeCodeSend(address: string): Promise<boolean>;
  /** True while the account is locked by too many failed logins this hour. */
  isLoginLocked(account: string): Promise<boolean>;
  recordFailedLogin(account: string): Promise<void>;
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
    async isLoginLocked(account) {
      const res = await failedLogins.get(account);
      return res !== null && res.consumedPoints >= FAILED_LOGINS_PER_ACCOUNT_PER_HOUR;
    },
    async recordFailedLogin(account) {
      try {
        await failedLogins.consume(account);
      } catch (error) {
        if (!isRejection(error)) throw error;
      }
    },
    async close() {
      if (redis) await redis.quit().catch(() => redis.disconnect());
    },
  };
}
