// The job's outputs go into the blob store as exact 4 MB blocks whatever sizes the file reads come in,
// and a task's blobs are found for deletion (outputs, SRT attachment, anything under its prefix).
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { containerOf } from '../../storage/blob-store.port';
import { DiskBlobStore } from '../../../storage/blob/disk-blob-store';
import { outputBlobs, srtBlobOf, uploadBytesToBlob, uploadFileToBlob } from './blob-files';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-blob-files-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
const store = new DiskBlobStore({ root: path.join(root, 'blob'), maxBlobBytes: 64 << 20, maxStagedBytes: 64 << 20 });

describe('blob files of dubbing tasks', () => {
  it('uploads a 9 MB file as blocks of 4 MB, 4 MB and the rest, byte for byte', async () => {
    const file = path.join(root, 'out.mp4');
    const data = randomBytes(9 * 1024 * 1024 + 123);
    fs.writeFileSync(file, data);
    const container = containerOf(randomUUID());
    await uploadFileToBlob(store, container, 'dub/t/en-US/1/video.mp4', file);
    const blocks = await store.listBlocks(container, 'dub/t/en-US/1/video.mp4');
    expect(blocks.committed.map((b) => b.size)).toEqual([4 << 20, 4 << 20, 1024 * 1024 + 123]);
    const chunks: Buffer[] = [];
    for await (const chunk of await store.readStream(container, 'dub/t/en-US/1/video.mp4')) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(data)).toBe(true);
  });

  it('stores an empty file as an empty blob', async () => {
    const file = path.join(root, 'empty.srt');
    fs.writeFileSync(file, '');
    const container = containerOf(randomUUID());
    await uploadFileToBlob(store, container, 'empty.srt', file);
    expect(await store.size(container, 'empty.srt')).toBe(0);
  });

  it("names an iteration's outputs and the form's SRT only when it is in the owner's container", async () => {
    const container = containerOf(randomUUID());
    await uploadBytesToBlob(store, container, 'srt/a.srt', Buffer.from('x'));
    const url = `${store.accountUrl('http://parley.test')}/${container}/srt/a.srt`;
    expect(srtBlobOf(store, JSON.stringify({ srtUrl: url }), container)).toBe('srt/a.srt');
    expect(srtBlobOf(store, JSON.stringify({ srtUrl: url }), containerOf(randomUUID()))).toBeNull();
    expect(srtBlobOf(store, '{}', container)).toBeNull();
    expect(
      outputBlobs({ video: 'v', dubbedAudio: 'a', dubbedSpeech: 's', perSpeaker: [{ speaker: 0, blob: 'p1' }], srt: { source: 's1', translation: 's2', bilingual: 's3' } }),
    ).toEqual(['v', 'a', 's', 'p1', 's1', 's2', 's3']);
  });
});
