// The Redis the server tests run against (127.0.0.1:6379 unless TEST_REDIS_URL): whether it answers,
// with the reason to print when a suite skips, and key prefixes no other run or test shares.
import { Redis } from 'ioredis';
import { TEST_REDIS_URL } from './test-config';

/** Null when Redis answers a PING; otherwise why not. Never retries, so a missing server costs ~1.5 s at most. */
export async function redisUnavailable(url = TEST_REDIS_URL): Promise<string | null> {
  const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 1500, retryStrategy: () => null });
  try {
    await probe.connect();
    await probe.ping();
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    probe.disconnect();
  }
}

export interface RedisVariant {
  url: string;
  /** Null when Redis is there; the text for `skipIf` otherwise. */
  skipReason: string | null;
}

/** Probes the test Redis once and, when it is not there, prints that `what` is skipped and why. */
export async function redisVariant(what: string): Promise<RedisVariant> {
  const skipReason = await redisUnavailable();
  if (skipReason) console.warn(`${what} skipped: ${TEST_REDIS_URL} is unreachable (${skipReason})`);
  return { url: TEST_REDIS_URL, skipReason };
}

/** A key prefix no other test run shares, so counters and queues of runs never meet. */
export function uniqueRedisPrefix(label = 'parley-test'): string {
  return `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}
