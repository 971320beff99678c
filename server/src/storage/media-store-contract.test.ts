// One MediaStore contract, three stores: the embedded default on local disk (LocalMediaStore), the
// BlobMediaStore over the embedded DiskBlobStore, and the BlobMediaStore over Azure Blob Storage
// (Azurite), which is what AZURE_STORAGE_CONNECTION_STRING selects. Then the product path on
// Azurite: an upload through the API lands in the shared container, and a second app (another
// instance) serves its bytes with HTTP Range.
import { execFileSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { systemClock } from '../clock';
import { issueToken } from '../domain/session/tokens';
import { createUser } from '../domain/session/users';
import { makeToneWav, uploadWhole } from '../testing/upload-test-kit';
import { azuriteMissing, startAzurite, type RunningAzurite } from '../testing/azurite';
import { sqliteTestConfig } from '../testing/test-config';
import { AzureBlobStore } from './blob/azure-blob-store';
import { DiskBlobStore } from './blob/disk-blob-store';
import { BlobMediaStore } from './blob-media-store';
import { LocalMediaStore } from './local-media-store';
import { TooLargeError, type MediaStore } from '../domain/storage/media-store.port';

const missing = azuriteMissing();
if (missing) console.warn(missing);

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-media-contract-'));
let azurite: RunningAzurite | null = null;
beforeAll(async () => {
  if (!missing) azurite = await startAzurite();
}, 60_000);
afterAll(async () => {
  await azurite?.stop();
  fs.rmSync(scratch, { recursive: true, force: true });
});

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const dir = (name: string) => fs.mkdtempSync(path.join(scratch, `${name}-`));
const variants: { name: string; skip: string | null; make: () => MediaStore }[] = [
  { name: 'local disk (embedded default)', skip: null, make: () => new LocalMediaStore(dir('local')) },
  {
    name: 'BlobMediaStore on the embedded DiskBlobStore',
    skip: null,
    make: () => new BlobMediaStore(new DiskBlobStore({ root: dir('blob'), maxBlobBytes: 1024 ** 3, maxStagedBytes: 1024 ** 3 }), dir('staging')),
  },
  { name: 'BlobMediaStore on Azure Blob Storage (Azurite)', skip: missing, make: () => new BlobMediaStore(new AzureBlobStore(azurite!.connectionString), dir('staging')) },
];

describe.each(variants)('MediaStore contract: $name', ({ skip, make }) => {
  it.skipIf(skip !== null)('chunks written at their offsets become one object on commit, read whole or by range', async () => {
    const store = make();
    expect(await store.healthy()).toBe(true);
    // 9 MB crosses the blob store's 8 MB block boundary; chunks arrive out of order.
    const bytes = randomBytes(9 * 1024 * 1024 + 123);
    const stagingId = `up-${randomUUID()}`;
    await store.openStaging(stagingId);
    const half = 5 * 1024 * 1024;
    const second = await store.writeAt(stagingId, half, Readable.from([bytes.subarray(half)]), bytes.length);
    const first = await store.writeAt(stagingId, 0, Readable.from([bytes.subarray(0, half)]), bytes.length);
    expect(first.bytes + second.bytes).toBe(bytes.length);
    // A resumed upload reopens its staging file and keeps what is there.
    await store.openStaging(stagingId);
    expect(fs.readFileSync(store.stagingPath(stagingId)).equals(bytes)).toBe(true);
    expect((await store.listStaging()).map((s) => s.stagingId)).toContain(stagingId);

    const name = `${randomUUID()}/${randomUUID()}.bin`;
    expect(await store.exists(name)).toBe(false);
    expect(await store.size(name)).toBeNull();
    await store.commit(stagingId, name);
    expect((await store.listStaging()).map((s) => s.stagingId)).not.toContain(stagingId);
    expect(await store.exists(name)).toBe(true);
    expect(await store.size(name)).toBe(bytes.length);
    expect((await readAll(await store.readStream(name))).equals(bytes)).toBe(true);
    for (const [start, end] of [
      [0, 0],
      [8 * 1024 * 1024 - 10, 8 * 1024 * 1024 + 10],
      [bytes.length - 100, bytes.length - 1],
    ] as const) {
      expect((await readAll(await store.readStream(name, { start, end }))).equals(bytes.subarray(start, end + 1))).toBe(true);
    }
    await store.delete(name);
    expect(await store.exists(name)).toBe(false);
    await expect(store.readStream(name)).rejects.toBeTruthy();
    await store.delete(name);
  }, 60_000);

  it.skipIf(skip !== null)('a chunk over its limit is refused and not written; truncate and discard work on staging', async () => {
    const store = make();
    const stagingId = `up-${randomUUID()}`;
    await store.openStaging(stagingId);
    await expect(store.writeAt(stagingId, 0, Readable.from([Buffer.alloc(2000, 1)]), 1000)).rejects.toBeInstanceOf(TooLargeError);
    expect(fs.statSync(store.stagingPath(stagingId)).size).toBeLessThanOrEqual(1000);
    await store.writeAt(stagingId, 0, Readable.from([Buffer.alloc(800, 2)]), 1000);
    await store.truncateStaging(stagingId, 500);
    expect(fs.statSync(store.stagingPath(stagingId)).size).toBe(500);
    await store.discardStaging(stagingId);
    expect(fs.existsSync(store.stagingPath(stagingId))).toBe(false);
    expect((await store.listStaging()).map((s) => s.stagingId)).not.toContain(stagingId);
  });

  it.skipIf(skip !== null)('a second commit replaces the object (a meeting published again); parallel commits stay whole', async () => {
    const store = make();
    const name = `${randomUUID()}/meeting.wav`;
    const versions = [randomBytes(3000), randomBytes(1200)];
    for (const version of versions) {
      const stagingId = `wav-${randomUUID()}`;
      await store.openStaging(stagingId);
      await store.writeAt(stagingId, 0, Readable.from([version]), version.length);
      await store.commit(stagingId, name);
      expect((await readAll(await store.readStream(name))).equals(version)).toBe(true);
      expect(await store.size(name)).toBe(version.length);
    }
    const burst = Array.from({ length: 8 }, () => ({ name: `${randomUUID()}/${randomUUID()}.bin`, bytes: randomBytes(50_000) }));
    await Promise.all(
      burst.map(async (item) => {
        const stagingId = `b-${randomUUID()}`;
        await store.openStaging(stagingId);
        await store.writeAt(stagingId, 0, Readable.from([item.bytes]), item.bytes.length);
        await store.commit(stagingId, item.name);
      }),
    );
    for (const item of burst) expect((await readAll(await store.readStream(item.name))).equals(item.bytes)).toBe(true);
  });

  it.skipIf(skip !== null)('ffprobe and ffmpeg read a stored object through mediaInput', async () => {
    const store = make();
    const wav = makeToneWav(path.join(dir('wav'), 'tone.wav'), 2, 16_000, 1);
    const stagingId = `wav-${randomUUID()}`;
    await store.openStaging(stagingId);
    await store.writeAt(stagingId, 0, fs.createReadStream(wav), fs.statSync(wav).size);
    const name = `${randomUUID()}/tone.wav`;
    await store.commit(stagingId, name);
    const input = await store.mediaInput(name);
    const seconds = Number(execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', input]).toString().trim());
    expect(seconds).toBeCloseTo(2, 1);
  });
});

describe.skipIf(missing !== null)('product media on Azure Blob Storage (Azurite): shared by instances', () => {
  it('an upload through one instance is stored in the shared container and played with Range from another', async () => {
    const connection = { azureStorageConnectionString: azurite!.connectionString };
    const one = await buildApp(sqliteTestConfig(connection));
    // Another instance: its own data directory (no media of its own), the same database and store.
    const two = await buildApp(sqliteTestConfig({ ...connection, database: one.services.config.database }));
    try {
      expect(one.services.mediaStore).toBeInstanceOf(BlobMediaStore);
      const user = await createUser(one.db, systemClock, { kind: 'email', value: `media-${randomUUID()}@azurite.test` }, 'secret123');
      const token = await issueToken(one.db, systemClock, user.id);
      const wav = makeToneWav(path.join(dir('upload'), 'talk.wav'), 3, 16_000, 1);
      const answer = await uploadWhole(one, token, wav);
      expect(answer).toMatchObject({ code: 200, msg: 'Success' });
      const id = (Array.isArray(answer.data) ? answer.data[0].id : answer.data.id) as string;
      const row = await one.db.selectFrom('media_files').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      expect(await (one.services.mediaStore as BlobMediaStore).list()).toContain(row.object_name);
      expect(fs.existsSync(path.join(one.services.config.dataDir, 'media', 'objects'))).toBe(false);
      // Make it a record, as submitting does, and play it from the other instance.
      const now = new Date().toISOString();
      await one.db
        .insertInto('records')
        .values({ id, user_id: user.id, folder_id: null, show_name: 'talk', kind: 'upload', state: 'transcription_completed', languages: '["en-US"]', target_languages: '[]', speaker: null, duration_ms: 3000, audio_duration_ms: 3000, video_cover: null, favorite: 0, created_at: now, updated_at: now })
        .execute();
      const expected = fs.readFileSync(wav);
      const played = await two.inject({ method: 'GET', url: `/prod-api/speech/audio/transcribe/media?id=${id}`, headers: { authorization: `Bearer ${token}`, range: 'bytes=100-199' } });
      expect(played.statusCode).toBe(206);
      expect(played.headers['content-range']).toBe(`bytes 100-199/${expected.length}`);
      expect(played.rawPayload.equals(expected.subarray(100, 200))).toBe(true);
      await one.services.mediaStore.delete(row.object_name);
      expect(await (two.services.mediaStore as BlobMediaStore).list()).not.toContain(row.object_name);
    } finally {
      await one.close();
      await two.close();
      for (const app of [one, two]) fs.rmSync(app.services.config.dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
