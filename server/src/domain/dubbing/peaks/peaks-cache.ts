// Peaks computed once per media and kept on disk (DATA_DIR/peaks), keyed by the blob's container,
// name, size and etag: a re-dub writes new outputs (or recommits a blob, which changes its etag),
// so stale peaks are never served. Concurrent first requests for one media share one decode
// (single flight), at most two decodes run at once on the machine's cores, and a finished set is
// published by renaming its directory into place, so a reader sees a complete set or none — also
// when two instances share DATA_DIR and race (the loser's copy is dropped).
import { createHash, randomBytes } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { BlobStore } from '../../storage/blob-store.port';
import { decodePeaks, levelFile } from './decode-peaks';
import { MAX_POINTS_PER_ANSWER, PEAK_LEVELS, nearestLevel, type PeakLevel } from './peak-levels';

/** Bumped when the file layout or the reduction changes, so old sets are recomputed. */
const FORMAT = 1;
const MAX_CONCURRENT_DECODES = 2;

export interface PeaksMedia {
  container: string;
  blob: string;
}

interface PeaksMeta {
  format: number;
  key: string;
  durationMs: number;
  points: Record<PeakLevel, number>;
}

export interface PeaksWindow {
  durationMs: number;
  pointsPerSecond: PeakLevel;
  levels: number[];
  fromMs: number;
  toMs: number;
  /** (min, max) int8 pairs of the window. */
  peaks: Buffer;
}

export class PeaksNotFound extends Error {
  constructor() {
    super('media not found');
    this.name = 'PeaksNotFound';
  }
}

const shared = new WeakMap<BlobStore, PeaksCache>();

/** The one cache of an app (per blob store), so its requests share the single-flight map. */
export function peaksCacheFor(dataDir: string, store: BlobStore): PeaksCache {
  let cache = shared.get(store);
  if (!cache) {
    cache = new PeaksCache(path.join(dataDir, 'peaks'), store);
    shared.set(store, cache);
  }
  return cache;
}

export class PeaksCache {
  private readonly inFlight = new Map<string, Promise<PeaksMeta>>();
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  /** Decodes started (tests assert that a burst of first requests decodes once). */
  decodes = 0;

  constructor(
    private readonly root: string,
    private readonly store: BlobStore,
  ) {}

  /** The window [fromMs, toMs) at the level nearest `pointsPerSecond`, computing the peaks on first use. */
  async window(media: PeaksMedia, request: { pointsPerSecond: number; fromMs?: number; toMs?: number }): Promise<PeaksWindow> {
    const { dir, meta } = await this.ensure(media);
    const level = nearestLevel(request.pointsPerSecond);
    const count = meta.points[level];
    const msPerPoint = 1000 / level;
    const first = Math.min(count, Math.floor((request.fromMs ?? 0) / msPerPoint));
    const wantedEnd = request.toMs === undefined ? count : Math.ceil(request.toMs / msPerPoint);
    const end = Math.max(first, Math.min(count, wantedEnd, first + MAX_POINTS_PER_ANSWER));
    const peaks = Buffer.alloc((end - first) * 2);
    if (peaks.length > 0) {
      const file = await fsp.open(levelFile(dir, level), 'r');
      try {
        await file.read(peaks, 0, peaks.length, first * 2);
      } finally {
        await file.close();
      }
    }
    return {
      durationMs: meta.durationMs,
      pointsPerSecond: level,
      levels: [...PEAK_LEVELS],
      fromMs: Math.round(first * msPerPoint),
      toMs: Math.min(meta.durationMs, Math.round(end * msPerPoint)),
      peaks,
    };
  }

  /** The directory of a media's peaks, decoded now if there is none for its current version. */
  private async ensure(media: PeaksMedia): Promise<{ dir: string; meta: PeaksMeta }> {
    const stat = await this.store.stat(media.container, media.blob);
    if (!stat) throw new PeaksNotFound();
    const key = JSON.stringify([FORMAT, this.store.kind, media.container, media.blob, stat.size, stat.etag]);
    const dir = path.join(this.root, hashOf(key));
    let pending = this.inFlight.get(key);
    if (!pending) {
      pending = this.readOrDecode(dir, key, media).finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, pending);
    }
    return { dir, meta: await pending };
  }

  private async readOrDecode(dir: string, key: string, media: PeaksMedia): Promise<PeaksMeta> {
    const existing = await readMeta(dir, key);
    if (existing) return existing;
    await this.slot();
    try {
      return (await readMeta(dir, key)) ?? (await this.decodeInto(dir, key, media));
    } finally {
      this.release();
    }
  }

  private async decodeInto(dir: string, key: string, media: PeaksMedia): Promise<PeaksMeta> {
    this.decodes++;
    await fsp.mkdir(this.root, { recursive: true });
    const temp = `${dir}.${randomBytes(6).toString('hex')}.tmp`;
    await fsp.mkdir(temp);
    try {
      const input = await this.store.mediaInput(media.container, media.blob);
      const decoded = await decodePeaks(input, temp);
      const meta: PeaksMeta = { format: FORMAT, key, durationMs: decoded.durationMs, points: decoded.points };
      await fsp.writeFile(path.join(temp, 'meta.json'), JSON.stringify(meta));
      try {
        await fsp.rename(temp, dir);
      } catch (error) {
        // Another instance published the same set first: keep theirs.
        const code = (error as NodeJS.ErrnoException).code;
        if (code !== 'ENOTEMPTY' && code !== 'EEXIST') throw error;
        const theirs = await readMeta(dir, key);
        if (!theirs) throw error;
        return theirs;
      }
      return meta;
    } finally {
      await fsp.rm(temp, { recursive: true, force: true });
    }
  }

  /**
   * Removes the peak sets whose media is gone (purged after 7 days, deleted with its task) or was
   * committed again, and half-written sets older than an hour (a crash mid-decode). For the sweeper.
   */
  async prune(now: Date): Promise<number> {
    const names = await fsp.readdir(this.root).catch(() => [] as string[]);
    let removed = 0;
    for (const name of names) {
      const full = path.join(this.root, name);
      let stale: boolean;
      if (name.endsWith('.tmp')) {
        const stat = await fsp.stat(full).catch(() => null);
        stale = !!stat && now.getTime() - stat.mtimeMs > 60 * 60_000 && !this.decodingInto(full);
      } else {
        stale = !(await this.stillCurrent(full));
      }
      if (!stale) continue;
      await fsp.rm(full, { recursive: true, force: true });
      removed++;
    }
    return removed;
  }

  private decodingInto(temp: string): boolean {
    return this.running > 0 && [...this.inFlight.keys()].some((key) => temp.startsWith(path.join(this.root, hashOf(key))));
  }

  private async stillCurrent(dir: string): Promise<boolean> {
    const meta = await readMeta(dir, null);
    if (!meta) return false;
    const [format, kind, container, blob, size, etag] = JSON.parse(meta.key) as [number, string, string, string, number, string];
    if (format !== FORMAT || kind !== this.store.kind) return false;
    const stat = await this.store.stat(container, blob).catch(() => undefined);
    // A store that cannot answer now is no reason to drop a set.
    if (stat === undefined) return true;
    return stat !== null && stat.size === size && stat.etag === etag;
  }

  private async slot(): Promise<void> {
    if (this.running < MAX_CONCURRENT_DECODES) {
      this.running++;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running--;
  }
}

const hashOf = (key: string) => createHash('sha256').update(key).digest('hex');

/** The set's meta when it is complete and of this format (and of `key`, unless null). */
async function readMeta(dir: string, key: string | null): Promise<PeaksMeta | null> {
  try {
    const meta = JSON.parse(await fsp.readFile(path.join(dir, 'meta.json'), 'utf8')) as PeaksMeta;
    return meta.format === FORMAT && (key === null || meta.key === key) ? meta : null;
  } catch {
    return null;
  }
}
