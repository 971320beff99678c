// Issue 28 §1: two app instances, each with its own data folder, on one PostgreSQL database. With
// Azure storage (Azurite) the chunks of one upload go to A, B, A and the upload ends on B: each chunk
// is staged as a block of the final object and the end commits them in order, so the stored object is
// byte for byte the file with no copy. With instance-local media a chunk the other instance cannot
// place is refused (retryable 503) rather than leaving zeros, and a chunk that no longer reads back
// as stored is asked for again at the end. A chunk whose bytes differ from the client's checksum
// never counts as stored. Dubbing's uploadBlock chunks stage as blocks of the shared blob on whichever
// instance takes them, with nothing left on either instance's disk.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { containerOf, type BlobStore } from '../storage/blob-store.port';
import { MEDIA_CONTAINER } from '../../storage/blob-media-store';
import { chunkBlockId } from '../../storage/blob/chunk-blocks';
import { azuriteMissing, startAzurite, type RunningAzurite } from '../../testing/azurite';
import { call, type CallResult } from '../../testing/inject';
import { createPostgresSchema, postgresTestConfig, postgresUnavailable, tempDataDir } from '../../testing/test-config';
import { createTestUsers } from '../../testing/test-users';
import { blockForm, makeToneWav, multipartBody } from '../../testing/upload-test-kit';

const CHUNK = 1024 * 1024;
const noPostgres = await postgresUnavailable();
const noAzurite = azuriteMissing();
if (noPostgres) console.warn(`chunks across instances skipped: PostgreSQL unavailable (${noPostgres})`);
if (noAzurite) console.warn(noAzurite);

const scratch = tempDataDir();
const file = path.join(scratch, 'tone.wav');
let bytes: Buffer;
let azurite: RunningAzurite | null = null;
const cleanups: Array<() => Promise<void>> = [];

beforeAll(async () => {
  bytes = fs.readFileSync(makeToneWav(file, 12));
  if (!noAzurite && !noPostgres) azurite = await startAzurite(90_000);
}, 120_000);
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await azurite?.stop();
  fs.rmSync(scratch, { recursive: true, force: true });
});

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const chunkOf = (part: number) => bytes.subarray((part - 1) * CHUNK, part * CHUNK);
const partCount = () => Math.ceil(bytes.length / CHUNK);

/** Two instances with separate data folders on one fresh PostgreSQL schema. */
async function twoInstances(azure: string | null): Promise<{ a: FastifyInstance; b: FastifyInstance; token: string }> {
  const schema = await createPostgresSchema();
  const make = async () => {
    const app = await buildApp(postgresTestConfig(schema.schema, { dataDir: tempDataDir(), azureStorageConnectionString: azure }));
    await app.ready();
    return app;
  };
  const a = await make();
  const b = await make();
  cleanups.push(async () => {
    await a.close();
    await b.close();
    await schema.drop();
  });
  const { alice } = await createTestUsers(a.db, ['alice']);
  return { a, b, token: alice.token };
}

async function init(app: FastifyInstance, token: string, uploadId?: string): Promise<CallResult> {
  return call(app, 'POST', '/speech/audio/transcribe/uploadInit', {
    token,
    body: { oriFileName: 'tone.wav', fileSize: bytes.length, chunkSize: CHUNK, ...(uploadId ? { uploadId } : {}) },
  });
}

async function send(app: FastifyInstance, token: string, uploadId: string, part: number, options: { sum?: string; body?: Buffer } = {}): Promise<CallResult> {
  const chunk = options.body ?? chunkOf(part);
  const end = part === partCount() ? '1' : '0';
  const { body, contentType } = multipartBody(blockForm({ uploadId, chunk, end, oriFileName: 'tone.wav', fileSize: bytes.length }));
  const response = await app.inject({
    method: 'POST',
    url: `/prod-api/speech/audio/transcribe/uploadBlock?uploadId=${uploadId}&partNumber=${part}`,
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType, 'accept-language': 'en-US', 'x-chunk-sha256': options.sum ?? sha256(chunk) },
    payload: body,
  });
  const parsed = JSON.parse(response.body) as { code?: number; msg?: string; data?: unknown };
  return { status: response.statusCode, code: parsed.code, msg: parsed.msg, data: parsed.data, body: response.body };
}

const blobs = (app: FastifyInstance) => app.services.blobStore as BlobStore;

async function storedBytes(app: FastifyInstance, objectName: string): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const piece of await app.services.mediaStore.readStream(objectName)) parts.push(piece as Buffer);
  return Buffer.concat(parts);
}

describe.skipIf(noPostgres !== null || noAzurite !== null)('chunks across instances on Azure storage (Azurite)', () => {
  it('takes chunks on A, B, A in any instance and assembles the exact file on B', async () => {
    const { a, b, token } = await twoInstances(azurite!.connectionString);
    expect(partCount()).toBe(3);
    const opened = await init(a, token);
    const uploadId = opened.data.uploadId as string;

    // A damaged chunk (the client's checksum differs) is refused and not stored.
    const damaged = await send(b, token, uploadId, 1, { sum: sha256(Buffer.from('other bytes')) });
    expect(damaged.code).toBe(400);
    expect(damaged.msg).toBe('Chunk 1 arrived damaged (its checksum does not match); send it again');
    expect((await init(b, token, uploadId)).data.receivedParts).toEqual([]);

    expect((await send(a, token, uploadId, 1)).code).toBe(200);
    expect((await send(b, token, uploadId, 2)).code).toBe(200);
    // A re-sent chunk on the other instance is the same bytes.
    expect((await send(a, token, uploadId, 2)).msg).toMatch(/same/i);
    // Each chunk is a staged block of the final object, under one id per chunk (a re-send replaces it).
    const objectName = opened.data.objectName as string;
    const idOf = (part: number) => chunkBlockId(uploadId, part, sha256(chunkOf(part)));
    const staged = await blobs(a).listBlocks(MEDIA_CONTAINER, objectName);
    expect(staged.uncommitted.map((block) => block.name).sort()).toEqual([idOf(1), idOf(2)].sort());
    const done = await send(b, token, uploadId, 3);
    expect(done.code).toBe(200);
    const row = await a.db.selectFrom('media_files').select(['object_name', 'size_bytes']).where('id', '=', done.data[0].id).executeTakeFirstOrThrow();
    expect(row.object_name).toBe(objectName);
    expect(row.size_bytes).toBe(bytes.length);
    const stored = await storedBytes(a, row.object_name);
    expect(sha256(stored)).toBe(sha256(bytes));
    // The chunks were committed in order as the object's blocks: no copy, nothing else in the container.
    const blocks = await blobs(a).listBlocks(MEDIA_CONTAINER, objectName);
    expect(blocks.committed.map((block) => block.name)).toEqual([1, 2, 3].map(idOf));
    expect((await blobs(a).listBlobs(MEDIA_CONTAINER)).filter((name) => name.includes(uploadId))).toEqual([objectName]);
  }, 120_000);

  it('re-stages a re-sent chunk under its block id (upload, number, SHA-256) and asks again for a chunk whose block is gone', async () => {
    const { a, b, token } = await twoInstances(azurite!.connectionString);
    const opened = await init(a, token);
    const uploadId = opened.data.uploadId as string;
    const objectName = opened.data.objectName as string;
    // Chunk 1 first sent as other bytes (the client's checksum matches them), then replaced on B.
    const wrong = Buffer.alloc(CHUNK, 7);
    expect((await send(a, token, uploadId, 1, { body: wrong })).code).toBe(200);
    const replaced = await send(b, token, uploadId, 1);
    expect(replaced.msg).toMatch(/replaced/i);
    // The same bytes again re-stage their own block; the first bytes' block is left out of the commit.
    expect((await send(a, token, uploadId, 1)).msg).toMatch(/same/i);
    const ids = (await blobs(a).listBlocks(MEDIA_CONTAINER, objectName)).uncommitted.map((block) => block.name);
    expect(ids.sort()).toEqual([chunkBlockId(uploadId, 1, sha256(wrong)), chunkBlockId(uploadId, 1, sha256(chunkOf(1)))].sort());
    expect((await send(b, token, uploadId, 2)).code).toBe(200);
    // The staged blocks vanish (as Azure drops week-old uncommitted blocks): the end asks for chunk 1 again.
    await blobs(a).delete(MEDIA_CONTAINER, objectName);
    const lost = await send(a, token, uploadId, 3);
    expect(lost.code).toBe(503);
    expect(lost.msg).toBe('Chunk 1 could not be read back as it was stored; send it again');
    expect(await a.services.mediaStore.exists(objectName)).toBe(false);
    // Both lost chunks are asked for at once; chunk 3 (staged by the end itself) stays.
    expect((await init(b, token, uploadId)).data.receivedParts).toEqual([3]);
    for (const part of [1, 2]) expect((await send(part === 1 ? b : a, token, uploadId, part)).code).toBe(200);
    const done = await send(b, token, uploadId, 3);
    expect(done.code, done.msg).toBe(200);
    expect(sha256(await storedBytes(b, objectName))).toBe(sha256(bytes));
    expect((await blobs(a).listBlocks(MEDIA_CONTAINER, objectName)).uncommitted).toEqual([]);
  }, 120_000);

  it('sweeps an abandoned upload: its rows are forgotten and its staged blocks dropped', async () => {
    const { a, b, token } = await twoInstances(azurite!.connectionString);
    const opened = await init(a, token);
    const uploadId = opened.data.uploadId as string;
    expect((await send(b, token, uploadId, 1)).code).toBe(200);
    expect((await blobs(a).listBlocks(MEDIA_CONTAINER, opened.data.objectName as string)).uncommitted).toHaveLength(1);
    await a.db.updateTable('upload_sessions').set({ updated_at: '2000-01-01T00:00:00.000Z' }).where('id', '=', uploadId).execute();
    expect((await a.services.uploadSweep.sweep()).sessions).toBe(1);
    expect(await a.db.selectFrom('upload_parts').select('part_number').where('upload_id', '=', uploadId).execute()).toEqual([]);
    expect(await blobs(a).listBlobs(MEDIA_CONTAINER)).not.toContain(opened.data.objectName);
  }, 120_000);
});

/** One dubbing uploadBlock chunk (fields first, as a browser's FormData) to one instance. */
async function sendDubChunk(app: FastifyInstance, token: string, fields: Record<string, string>, chunk: Buffer): Promise<CallResult> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append('file', new Blob([new Uint8Array(chunk)]), 'blob');
  const request = new Request('http://form', { method: 'POST', body: form });
  const response = await app.inject({
    method: 'POST',
    url: '/prod-api/speech/video/transcribe/uploadBlock',
    headers: { authorization: `Bearer ${token}`, 'content-type': request.headers.get('content-type')!, 'accept-language': 'en-US' },
    payload: Buffer.from(await request.arrayBuffer()),
  });
  const parsed = JSON.parse(response.body) as { code?: number; msg?: string; data?: unknown };
  return { status: response.statusCode, code: parsed.code, msg: parsed.msg, data: parsed.data, body: response.body };
}

describe.skipIf(noPostgres !== null || noAzurite !== null)('dubbing video blocks across instances on Azure storage (Azurite)', () => {
  it('stages each uploadBlock chunk as a block of the shared blob whichever instance takes it; no instance keeps bytes on its disk', async () => {
    const { a, b, token } = await twoInstances(azurite!.connectionString);
    const ids = Array.from({ length: partCount() }, (_, i) => Buffer.from(`chunk-${String(i).padStart(6, '0')}`).toString('base64'));
    const fields = (i: number, blobName?: string) => ({
      oriFileName: 'talk.mp4',
      fileSize: String(bytes.length),
      end: i === partCount() - 1 ? '1' : '0',
      blockIds: ids.slice(0, i + 1).join(','),
      ...(blobName ? { blobName } : {}),
    });
    const first = await sendDubChunk(a, token, fields(0), chunkOf(1));
    expect(first.code, first.msg).toBe(200);
    const blobName = (first.data as { blobName: string }).blobName;
    expect((await sendDubChunk(b, token, fields(1, blobName), chunkOf(2))).code).toBe(200);
    const last = await sendDubChunk(a, token, fields(2, blobName), chunkOf(3));
    expect(last.code, last.msg).toBe(200);
    expect((last.data as { blockIds: string[] }).blockIds).toEqual(ids);
    const userId = (await a.db.selectFrom('users').select('id').executeTakeFirstOrThrow()).id;
    const committed: Buffer[] = [];
    for await (const piece of await b.services.blobStore.readStream(containerOf(userId), blobName)) committed.push(piece as Buffer);
    expect(sha256(Buffer.concat(committed))).toBe(sha256(bytes));
    for (const app of [a, b]) {
      const files = fs.readdirSync(app.services.config.dataDir, { recursive: true }).map(String);
      expect(files.filter((name) => name.includes(blobName.replace(/\.mp4$/, '')))).toEqual([]);
    }
  }, 120_000);
});

describe.skipIf(noPostgres !== null)('chunks across instances with instance-local media', () => {
  it('refuses a chunk the other instance cannot place (retryable), never zeros', async () => {
    const { a, b, token } = await twoInstances(null);
    const uploadId = (await init(a, token)).data.uploadId as string;
    expect((await send(a, token, uploadId, 1)).code).toBe(200);
    const elsewhere = await send(b, token, uploadId, 2);
    expect(elsewhere.code).toBe(503);
    expect(elsewhere.msg).toBe('Chunk 2 could not be stored on this server just now; send it again');
    expect(elsewhere.body).not.toContain(scratch);
    expect((await send(a, token, uploadId, 2)).code).toBe(200);
    // The end on B cannot be assembled there either.
    expect((await send(b, token, uploadId, 3)).code).toBe(503);
    // Chunk 1 damaged on A's disk after it was stored: the end asks for it again instead of registering it.
    const staging = a.services.mediaStore.stagingPath(uploadId);
    const handle = fs.openSync(staging, 'r+');
    fs.writeSync(handle, Buffer.alloc(4096), 0, 4096, 100);
    fs.closeSync(handle);
    const lost = await send(a, token, uploadId, 3);
    expect(lost.code).toBe(503);
    expect(lost.msg).toBe('Chunk 1 could not be read back as it was stored; send it again');
    expect((await init(a, token, uploadId)).data.receivedParts).toEqual([2, 3]);
    expect((await send(a, token, uploadId, 1)).code).toBe(200);
    const done = await send(a, token, uploadId, 3);
    expect(done.code).toBe(200);
    const row = await a.db.selectFrom('media_files').select('object_name').where('id', '=', done.data[0].id).executeTakeFirstOrThrow();
    expect(sha256(await storedBytes(a, row.object_name))).toBe(sha256(bytes));
  }, 120_000);
});
