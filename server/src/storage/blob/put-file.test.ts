// putFile on the embedded DiskBlobStore: the blob holds exactly the file's bytes whatever the block
// count and the parallelism, an empty file makes an empty blob, and writing a blob again replaces it.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { DiskBlobStore } from './disk-blob-store';
import { putFile } from './put-file';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-put-file-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));
const store = new DiskBlobStore({ root: path.join(scratch, 'blob'), maxBlobBytes: 1 << 20, maxStagedBytes: 1 << 20 });

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function fileOf(bytes: Buffer): string {
  const file = path.join(scratch, `${randomBytes(4).toString('hex')}.bin`);
  fs.writeFileSync(file, bytes);
  return file;
}

describe('putFile', () => {
  it.each([1, 3])('stores a many-block file byte for byte (%i in flight)', async (parallel) => {
    const bytes = randomBytes(10_000 + 17);
    await putFile(store, 'c-put-file', `many-${parallel}`, fileOf(bytes), { blockBytes: 1024, parallel });
    expect(await store.size('c-put-file', `many-${parallel}`)).toBe(bytes.length);
    expect((await readAll(await store.readStream('c-put-file', `many-${parallel}`))).equals(bytes)).toBe(true);
  });

  it('stores an empty file as an empty blob', async () => {
    await putFile(store, 'c-put-file', 'empty', fileOf(Buffer.alloc(0)));
    expect(await store.size('c-put-file', 'empty')).toBe(0);
  });

  it('replaces the blob when the same name is written again', async () => {
    const first = randomBytes(3000);
    const second = randomBytes(1500);
    await putFile(store, 'c-put-file', 'again', fileOf(first), { blockBytes: 1024 });
    await putFile(store, 'c-put-file', 'again', fileOf(second), { blockBytes: 1024 });
    expect((await readAll(await store.readStream('c-put-file', 'again'))).equals(second)).toBe(true);
  });
});
