// The peaks cache over both BlobStores: the embedded disk store (ffmpeg reads the block files as
// one concat: input) and Azure Blob Storage on Azurite (ffmpeg reads a short read-SAS URL). A blob
// committed again with other bytes of the same size gets a new etag, so its peaks are recomputed;
// a burst of first reads decodes once; a blob that is not there answers PeaksNotFound; the sweep
// removes the sets of replaced or deleted blobs.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { azuriteMissing, startAzurite, type RunningAzurite } from '../../../testing/azurite';
import { AzureBlobStore } from '../../../storage/blob/azure-blob-store';
import type { BlobStore } from '../../storage/blob-store.port';
import { DiskBlobStore } from '../../../storage/blob/disk-blob-store';
import { PeaksCache, PeaksNotFound } from './peaks-cache';

const missing = azuriteMissing();
if (missing) console.warn(missing);
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-peaks-cache-'));
let azurite: RunningAzurite | null = null;
beforeAll(async () => {
  if (!missing) azurite = await startAzurite();
}, 60_000);
afterAll(async () => {
  await azurite?.stop();
  fs.rmSync(scratch, { recursive: true, force: true });
});

/** A 4 s WAV with the tone in the first or the second half (same size either way). */
function toneWav(half: 'first' | 'second'): Buffer {
  const file = path.join(scratch, `${half}-${randomUUID()}.wav`);
  const on = half === 'first' ? 'lt(t,2)' : 'gte(t,2)';
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', `aevalsrc='0.5*sin(2*PI*300*t)*(${on})':s=16000:d=4`, '-c:a', 'pcm_s16le', file]);
  return fs.readFileSync(file);
}

async function put(store: BlobStore, container: string, blob: string, bytes: Buffer): Promise<void> {
  const id = Buffer.from('block-0').toString('base64');
  await store.putBlock(container, blob, id, Readable.from([bytes]), bytes.length);
  await store.commitBlockList(container, blob, [id]);
}

const loud = (peaks: Buffer, from: number, to: number) => Math.max(...Array.from(new Int8Array(peaks.buffer, peaks.byteOffset + from * 2, (to - from) * 2), Math.abs));

const variants: { name: string; skip: string | null; make: () => BlobStore }[] = [
  { name: 'embedded disk store', skip: null, make: () => new DiskBlobStore({ root: fs.mkdtempSync(path.join(scratch, 'blob-')), maxBlobBytes: 1024 ** 3, maxStagedBytes: 1024 ** 3 }) },
  { name: 'Azure Blob Storage (Azurite)', skip: missing, make: () => new AzureBlobStore(azurite!.connectionString) },
];

describe.each(variants)('peaks cache on the $name', ({ skip, make }) => {
  it.skipIf(skip !== null)('decodes once per blob version; a recommit of the same size is recomputed', async () => {
    const store = make();
    const root = fs.mkdtempSync(path.join(scratch, 'peaks-'));
    const cache = new PeaksCache(root, store);
    const media = { container: `u-${randomUUID()}`, blob: 'dub/task/es-ES/1/dubbed-audio.wav' };
    await expect(cache.window(media, { pointsPerSecond: 10 })).rejects.toBeInstanceOf(PeaksNotFound);
    const first = toneWav('first');
    const second = toneWav('second');
    expect(second.length).toBe(first.length);
    await put(store, media.container, media.blob, first);
    const before = await store.stat(media.container, media.blob);
    const burst = await Promise.all(Array.from({ length: 6 }, () => cache.window(media, { pointsPerSecond: 10 })));
    expect(cache.decodes).toBe(1);
    expect(burst.every((w) => w.peaks.equals(burst[0]!.peaks))).toBe(true);
    expect(burst[0]!.durationMs).toBe(4000);
    expect(loud(burst[0]!.peaks, 2, 18)).toBeGreaterThanOrEqual(60);
    expect(loud(burst[0]!.peaks, 22, 38)).toBeLessThanOrEqual(1);

    await put(store, media.container, media.blob, second);
    const after = await store.stat(media.container, media.blob);
    expect(after!.size).toBe(before!.size);
    expect(after!.etag).not.toBe(before!.etag);
    const again = await cache.window(media, { pointsPerSecond: 100, fromMs: 1000, toMs: 3000 });
    expect(cache.decodes).toBe(2);
    expect(again).toMatchObject({ pointsPerSecond: 100, fromMs: 1000, toMs: 3000 });
    expect(loud(again.peaks, 10, 90)).toBeLessThanOrEqual(1);
    expect(loud(again.peaks, 110, 190)).toBeGreaterThanOrEqual(60);

    // The sweep drops the set of the replaced version and keeps the current one, until the blob goes.
    expect(fs.readdirSync(root)).toHaveLength(2);
    expect(await cache.prune(new Date())).toBe(1);
    expect(fs.readdirSync(root)).toHaveLength(1);
    await cache.window(media, { pointsPerSecond: 10 });
    expect(cache.decodes).toBe(2);
    await store.delete(media.container, media.blob);
    expect(await cache.prune(new Date())).toBe(1);
    expect(fs.readdirSync(root)).toEqual([]);
  }, 60_000);
});
