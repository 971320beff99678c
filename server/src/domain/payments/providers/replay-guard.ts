// Remembers the ids of notifications already acted on, for as long as a vendor's timestamp window
// would still accept them, so a captured notification sent again is refused before anything runs.
// One process's memory: across instances the (provider, transaction id) uniqueness of settle() still
// credits once; this guard only keeps replays away from it.

const MAX_ENTRIES = 100_000;

export class ReplayGuard {
  private readonly until = new Map<string, number>();

  constructor(private readonly now: () => number = () => Date.now()) {}

  /** Reserves the id; false when it is reserved already (a replay, or the same delivery in flight). */
  claim(id: string, ttlSeconds: number): boolean {
    const now = this.now();
    const expires = this.until.get(id);
    if (expires !== undefined && expires > now) return false;
    this.until.delete(id);
    if (this.until.size >= MAX_ENTRIES) this.prune(now);
    this.until.set(id, now + ttlSeconds * 1000);
    return true;
  }

  /** Gives the id back when acting on it failed, so the vendor's retry is accepted. */
  release(id: string): void {
    this.until.delete(id);
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
