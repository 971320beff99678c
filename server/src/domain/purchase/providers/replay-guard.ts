// Remembers the ids of notifications already acted on, for as long as a vendor's timestamp window
// would still accept them, so a captured notification sent again is refused before anything runs.
// In memory by default; with REDIS_URL the ids are shared by every instance (SET NX EX), so a replay
// sent to another instance is refused too. settle()'s (provider, transaction id) uniqueness remains
// the last word on crediting; this guard keeps replays away from it.
import { connectRedis, type Redis } from '../../../redis-connection';

export interface ReplayGuard {
  /** Reserves the id; false when it is reserved already (a replay, or the same delivery in flight). */
  claim(id: string, ttlSeconds: number): Promise<boolean>;
  /** Gives the id back when acting on it failed, so the vendor's retry is accepted. */
  release(id: string): Promise<void>;
  close(): Promise<void>;
}

const MAX_ENTRIES = 100_000;

export class MemoryReplayGuard implements ReplayGuard {
  private readonly until = new Map<string, number>();

  constructor(private readonly now: () => number = () => Date.now()) {}

  async claim(id: string, ttlSeconds: number): Promise<boolean> {
    const now = this.now();
    const expires = this.until.get(id);
    if (expires !== undefined && expires > now) return false;
    this.until.delete(id);
    if (this.until.size >= MAX_ENTRIES) this.prune(now);
    this.until.set(id, now + ttlSeconds * 1000);
    return true;
  }

  async release(id: string): Promise<void> {
    this.until.delete(id);
  }

  async close(): Promise<void> {
    this.until.clear();
  }

  private prune(now: number): void {
    for (const [id, expires] of this.until) if (expires <= now) this.until.delete(id);
    // Still full of live ids: drop the oldest (Map keeps insertion order).
    while (this.until.size >= MAX_ENTRIES) {
      const oldest = this.until.keys().next().value;
      if (oldest === undefined) break;
      this.until.delete(oldest);
    }
  }
}

export class RedisReplayGuard implements ReplayGuard {
  private readonly redis: Redis;

  constructor(
    url: string,
    private readonly prefix = 'parley:pay-notify',
  ) {
    this.redis = connectRedis(url, { maxRetriesPerRequest: 2, lazyConnect: false });
  }

  async claim(id: string, ttlSeconds: number): Promise<boolean> {
    return (await this.redis.set(`${this.prefix}:${id}`, '1', 'EX', Math.max(1, Math.ceil(ttlSeconds)), 'NX')) === 'OK';
  }

  async release(id: string): Promise<void> {
    await this.redis.del(`${this.prefix}:${id}`);
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }
}

export function createReplayGuard(redisUrl: string | null, now: () => number, prefix?: string): ReplayGuard {
  return redisUrl ? new RedisReplayGuard(redisUrl, prefix) : new MemoryReplayGuard(now);
}
