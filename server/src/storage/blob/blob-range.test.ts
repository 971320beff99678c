// Range reads and blob ages on both BlobStore implementations (dubbingMedia seeks through them; the
// retention sweeper ages blobs by them): the embedded disk store always, Azure through Azurite when
// tools/azurite is installed. A range may start and end inside different blocks.
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { azuriteMissing, startAzurite, type RunningAzurite } from '../../testing/azurite';
import { AzureBlobStore } from './azure-blob-store';
import { containerOf, type BlobStore } from '../../domain/storage/blob-store.port';
import { DiskBlobStore } from './disk-blob-store';

const missing = azuriteMissing();
const BLOCK = 1000;

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Three blocks of 1000 bytes and one of 10: offsets 0..3009. */
async function putBlob(store: BlobStore, container: string, blob: string): Promise<Buffer> {
  const data = randomBytes(3 * BLOCK + 10);
  const ids: string[] = [];
  for (let at = 0, i = 0; at < data.length; at += BLOCK, i += 1) {
    const id = Buffer.from(`block-${String(i).padStart(4, '0')}`).toString('base64');
    await store.putBlock(container, blob, id, Readable.from([data.subarray(at, at + BLOCK)]), BLOCK);
    ids.push(id);
  }
  await store.commitBlockList(container, blob, ids);
  return data;
}

function rangeCases(storeOf: () => BlobStore) {
  it('reads a range across block boundaries, inside one block, the last byte and the whole blob', async () => {
    const store = storeOf();
    const container = containerOf(randomUUID());
    const data = await putBlob(store, container, 'video.mp4');
    expect((await bytesOf(await store.readStream(container, 'video.mp4', { start: 950, end: 2049 }))).equals(data.subarray(950, 2050))).toBe(true);
    expect((await bytesOf(await store.readStream(container, 'video.mp4', { start: 1200, end: 1299 }))).equals(data.subarray(1200, 1300))).toBe(true);
    expect((await bytesOf(await store.readStream(container, 'video.mp4', { start: 3009, end: 3009 }))).equals(data.subarray(3009))).toBe(true);
    expect((await bytesOf(await store.readStream(container, 'video.mp4'))).equals(data)).toBe(true);
  });

  it('lists blobs with their last write, committed or only staged', async () => {
    const store = storeOf();
    const container = containerOf(randomUUID());
    const before = Date.now() - 5_000;
    await putBlob(store, container, 'a.mp4');
    await store.putBlock(container, 'staged.mp4', Buffer.from('block-0000').toString('base64'), Readable.from([Buffer.from('x')]), 10);
    const listed = await store.listBlobInfo(container);
    expect(listed.map((b) => b.name)).toEqual(['a.mp4', 'staged.mp4']);
    for (const blob of listed) {
      expect(blob.modifiedAt.getTime()).toBeGreaterThan(before);
      expect(blob.modifiedAt.getTime()).toBeLessThan(Date.now() + 60_000);
    }
    expect(await store.listBlobInfo(containerOf(randomUUID()))).toEqual([]);
  });
}

describe('embedded disk store', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-blob-range-'));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
  rangeCases(() => new DiskBlobStore({ root, maxBlobBytes: 1 << 20, maxStagedBytes: 1 << 20 }));
});

describe.skipIf(missing !== null)('Azure store against Azurite', () => {
  let azurite: RunningAzurite;
  let store: AzureBlobStore;
  beforeAll(async () => {
    azurite = await startAzurite();
    store = new AzureBlobStore(azurite.connectionString);
  }, 60_000);
  afterAll(async () => {
    await azurite?.stop();
  });
  rangeCases(() => store);
});
