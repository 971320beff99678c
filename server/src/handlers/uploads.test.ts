// The chunk protocol end to end through the routes, on SQLite and PostgreSQL: chunks in order,
// resume after an app restart, duplicate and replaced chunks, wrong order, inconsistent count, a
// chunk larger than chunkSize, someone else's uploadId, and the bad files of issue 4 — each refused
// with a clear message and nothing left in DATA_DIR/media or the upload tables.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { ServerConfig } from '../config';
import { issueToken } from '../domain/session/tokens';
import { createUser } from '../domain/session/users';
import {
  BLOCK_PATH,
  blockForm,
  makeMp4,
  makeSilentMp3,
  makeToneWav,
  multipartBody,
  postBlock,
  storedMediaFiles,
  uploadChunked,
  uploadWhole,
} from '../testing/upload-test-kit';
import { databaseVariants } from '../testing/database-variants';
import { startTestServer } from '../testing/start-test-server';
import { call, ManualClock, uniqueEmail } from '../testing/inject';
import { storedMediaPath } from '../testing/stored-media-path';

const MB = 1024 * 1024;
const fixtures = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-upload-fixtures-'));
const files = {
  // 3.5 MB: four 1 MB chunks, the last one short.
  wav: makeToneWav(path.join(fixtures, 'tone.wav'), 19),
  small: makeToneWav(path.join(fixtures, 'small.wav'), 1, 16_000, 1),
  mp4: makeMp4(path.join(fixtures, 'clip.mp4'), 3),
};

const variants = await databaseVariants();

afterAll(() => fs.rmSync(fixtures, { recursive: true, force: true }));

describe.each(variants)('upload protocol on $name', (variant) => {
  const clock = new ManualClock(Date.parse('2025-03-01T10:00:00.000Z'));
  let config: ServerConfig;
  let cleanup: () => Promise<void> = async () => undefined;
  let app: FastifyInstance;
  let ann: { id: string; token: string };
  let bob: { id: string; token: string };

  const signUp = async (label: string) => {
    const user = await createUser(app.db, clock, { kind: 'email', value: uniqueEmail(label) }, 'secret123');
    return { id: user.id, token: await issueToken(app.db, clock, user.id) };
  };
  const uploadTablesOf = async (userId: string) => ({
    sessions: (await app.db.selectFrom('upload_sessions').select('id').where('user_id', '=', userId).execute()).length,
    parts: (await app.db.selectFrom('upload_parts').innerJoin('upload_sessions', 'upload_sessions.id', 'upload_parts.upload_id').select('part_number').where('user_id', '=', userId).execute()).length,
    files: (await app.db.selectFrom('media_files').select('id').where('user_id', '=', userId).execute()).length,
    records: (await app.db.selectFrom('records').select('id').where('user_id', '=', userId).execute()).length,
  });
  const init = (who: { token: string }, body: Record<string, unknown>) => call(app, 'POST', '/speech/audio/transcribe/uploadInit', { token: who.token, body });

  beforeAll(async () => {
    if (variant.skipReason) return;
    const created = await variant.create();
    config = created.config;
    cleanup = created.cleanup;
    app = await buildApp(config, { clock });
    ann = await signUp('ann');
    bob = await signUp('bob');
  });
  afterAll(async () => {
    if (variant.skipReason) return;
    await app.close();
    await cleanup();
  });

  it.skipIf(variant.skipReason)('uploads a file in ordered chunks; the end-1 answer is the uploaded file', async () => {
    const answer = await uploadChunked(app, ann.token, files.wav, MB);
    expect(answer.code).toBe(200);
    expect(answer.data).toHaveLength(1);
    expect(answer.data[0].audioDuration).toBeCloseTo(19, 0);
    const row = await app.db.selectFrom('media_files').selectAll().where('id', '=', answer.data[0].id).executeTakeFirstOrThrow();
    expect(fs.readFileSync(storedMediaPath(app, row.object_name)).equals(fs.readFileSync(files.wav))).toBe(true);
    // Not a record until transwrite submits it; the session is gone.
    expect(await app.db.selectFrom('records').select('id').where('id', '=', answer.data[0].id).executeTakeFirst()).toBeUndefined();
    expect(await app.db.selectFrom('upload_sessions').select('id').where('id', '=', answer.data[0].id).executeTakeFirst()).toBeUndefined();
  });

  it.skipIf(variant.skipReason)('answers one address per chunk, each a real uploadBlock address with its part number', async () => {
    const size = fs.statSync(files.wav).size;
    const answer = await init(ann, { oriFileName: 'tone.wav', fileSize: size, chunkSize: MB });
    expect(answer.data.uploadUrls).toHaveLength(Math.ceil(size / MB));
    expect(answer.data.uploadUrls[2]).toBe(`${BLOCK_PATH}?uploadId=${answer.data.uploadId}&partNumber=3`);
    expect(answer.data).toMatchObject({ chunkSize: MB, receivedParts: [], nextPart: 1 });
    await call(app, 'POST', '/speech/audio/transcribe/remove', { token: ann.token, body: { ids: [answer.data.uploadId] } });
  });

  it.skipIf(variant.skipReason)('a single small file goes in one call with end 1 and no uploadId', async () => {
    const answer = await uploadWhole(app, ann.token, files.mp4);
    expect(answer.code).toBe(200);
    expect(answer.data[0].audioDuration).toBeCloseTo(3, 0);
  });

  it.skipIf(variant.skipReason)('resumes after an app restart from the last stored chunk, then finishes', async () => {
    const bytes = fs.readFileSync(files.wav);
    const start = await init(ann, { oriFileName: 'resume.wav', fileSize: bytes.length, chunkSize: MB });
    const { uploadId, uploadUrls } = start.data as { uploadId: string; uploadUrls: string[] };
    for (const part of [1, 2]) {
      const sent = await postBlock(app, ann.token, uploadUrls[part - 1]!, { uploadId, chunk: bytes.subarray((part - 1) * MB, part * MB), end: '0', oriFileName: 'resume.wav', fileSize: bytes.length });
      expect(sent.code).toBe(200);
      expect(sent.msg).toBe(`Chunk ${part} stored`);
    }
    await app.close();
    app = await buildApp(config, { clock });

    const resumed = await init(ann, { oriFileName: 'resume.wav', fileSize: bytes.length, chunkSize: MB, uploadId });
    expect(resumed.data).toMatchObject({ uploadId, receivedParts: [1, 2], nextPart: 3 });
    for (let part = resumed.data.nextPart as number; part <= uploadUrls.length; part += 1) {
      const sent = await postBlock(app, ann.token, uploadUrls[part - 1]!, {
        uploadId,
        chunk: bytes.subarray((part - 1) * MB, part * MB),
        end: part === uploadUrls.length ? '1' : '0',
        oriFileName: 'resume.wav',
        fileSize: bytes.length,
      });
      expect(sent.code).toBe(200);
      if (part === uploadUrls.length) expect(sent.data[0].id).toBe(uploadId);
    }
    const row = await app.db.selectFrom('media_files').selectAll().where('id', '=', uploadId).executeTakeFirstOrThrow();
    expect(fs.readFileSync(storedMediaPath(app, row.object_name)).equals(bytes)).toBe(true);
  });

  it.skipIf(variant.skipReason)('a re-sent chunk is idempotent; different bytes replace it and say so; wrong order and oversize are refused', async () => {
    const bytes = fs.readFileSync(files.wav);
    const start = await init(ann, { oriFileName: 'dup.wav', fileSize: bytes.length, chunkSize: MB });
    const { uploadId, uploadUrls } = start.data as { uploadId: string; uploadUrls: string[] };
    const send = (part: number, chunk: Buffer, end: '0' | '1' = '0') =>
      postBlock(app, ann.token, uploadUrls[part - 1]!, { uploadId, chunk, end, oriFileName: 'dup.wav', fileSize: bytes.length });
    const chunk1 = bytes.subarray(0, MB);
    expect((await send(1, chunk1)).msg).toBe('Chunk 1 stored');
    expect((await send(1, chunk1)).msg).toBe('Chunk 1 was already stored with the same bytes');
    const other = Buffer.from(chunk1);
    other[100] = (other[100]! + 1) % 256;
    expect((await send(1, other)).msg).toBe('Chunk 1 was already stored with different bytes and has been replaced');
    expect((await send(1, chunk1)).msg).toBe('Chunk 1 was already stored with different bytes and has been replaced');

    const skipped = await send(3, bytes.subarray(2 * MB, 3 * MB));
    expect(skipped).toMatchObject({ code: 400, msg: 'Chunk 3 arrived out of order: send chunk 2 next' });
    const tooLarge = await send(2, bytes.subarray(MB, 2 * MB + 10));
    expect(tooLarge).toMatchObject({ code: 400, msg: `Chunk 2 is larger than ${MB} bytes` });
    const short = await send(2, bytes.subarray(MB, MB + 10));
    expect(short).toMatchObject({ code: 400, msg: `Chunk 2 must be ${MB} bytes, but 10 arrived` });
    const resumed = await init(ann, { oriFileName: 'dup.wav', fileSize: bytes.length, chunkSize: MB, uploadId });
    expect(resumed.data.receivedParts).toEqual([1]);

    // end 1 before every chunk is stored: the chunk count differs from the addresses.
    const early = await postBlock(app, ann.token, uploadUrls[1]!, { uploadId, chunk: bytes.subarray(MB, 2 * MB), end: '1', oriFileName: 'dup.wav', fileSize: bytes.length });
    expect(early).toMatchObject({ code: 400, msg: 'Uploaded information is inconsistent' });
    await call(app, 'POST', '/speech/audio/transcribe/remove', { token: ann.token, body: { ids: [uploadId] } });
    expect(await app.db.selectFrom('upload_sessions').select('id').where('id', '=', uploadId).executeTakeFirst()).toBeUndefined();
    expect(fs.existsSync(app.services.mediaStore.stagingPath(uploadId))).toBe(false);
  });

  it.skipIf(variant.skipReason)('issue 9: a bad re-send of a stored chunk is refused without touching it; no stray staging file; init makes none', async () => {
    const bytes = fs.readFileSync(files.wav);
    const start = await init(ann, { oriFileName: 'keep.wav', fileSize: bytes.length, chunkSize: MB });
    const { uploadId, uploadUrls } = start.data as { uploadId: string; uploadUrls: string[] };
    const staging = app.services.mediaStore.stagingPath(uploadId);
    // A session that never sends a chunk leaves no file behind.
    expect(fs.existsSync(staging)).toBe(false);
    const send = (part: number, chunk: Buffer) =>
      postBlock(app, ann.token, uploadUrls[part - 1]!, { uploadId, chunk, end: '0', oriFileName: 'keep.wav', fileSize: bytes.length });
    expect((await send(1, bytes.subarray(0, MB))).msg).toBe('Chunk 1 stored');
    const before = await app.db.selectFrom('upload_parts').selectAll().where('upload_id', '=', uploadId).execute();

    const garbage = Buffer.alloc(MB + 10, 7);
    expect(await send(1, garbage)).toMatchObject({ code: 400, msg: `Chunk 1 is larger than ${MB} bytes` });
    expect(await send(1, garbage.subarray(0, 10))).toMatchObject({ code: 400, msg: `Chunk 1 must be ${MB} bytes, but 10 arrived` });
    // The stored chunk is still there, row and bytes, and nothing else sits in staging.
    expect(await app.db.selectFrom('upload_parts').selectAll().where('upload_id', '=', uploadId).execute()).toEqual(before);
    expect(fs.readFileSync(staging).subarray(0, MB).equals(bytes.subarray(0, MB))).toBe(true);
    expect(fs.readdirSync(path.dirname(staging)).filter((name) => name.startsWith(uploadId))).toEqual([`${uploadId}.part`]);
    expect((await init(ann, { oriFileName: 'keep.wav', fileSize: bytes.length, chunkSize: MB, uploadId })).data.receivedParts).toEqual([1]);

    // The upload goes on from chunk 2 and the finished file is the original.
    for (let part = 2; part <= uploadUrls.length; part++) {
      const last = part === uploadUrls.length;
      const answer = await postBlock(app, ann.token, uploadUrls[part - 1]!, {
        uploadId,
        chunk: bytes.subarray((part - 1) * MB, part * MB),
        end: last ? '1' : '0',
        oriFileName: 'keep.wav',
        fileSize: bytes.length,
      });
      expect(answer.code, `part ${part}`).toBe(200);
    }
    const row = await app.db.selectFrom('media_files').selectAll().where('id', '=', uploadId).executeTakeFirstOrThrow();
    expect(fs.readFileSync(storedMediaPath(app, row.object_name)).equals(bytes)).toBe(true);
    expect(fs.existsSync(staging)).toBe(false);
  });

  it.skipIf(variant.skipReason)('issue 9: a multipart body with the wrong boundary or cut short is a 400, not a 500', async () => {
    const { body, contentType } = multipartBody(blockForm({ chunk: Buffer.from('abc'), end: '1', oriFileName: 'a.wav', fileSize: 3 }));
    for (const [payload, type] of [
      [body, contentType.replace(/boundary=.*/, 'boundary=not-the-one')],
      [body.subarray(0, Math.floor(body.length / 2)), contentType],
    ] as const) {
      const answer = await app.inject({ method: 'POST', url: BLOCK_PATH, headers: { authorization: `Bearer ${ann.token}`, 'content-type': type }, payload });
      expect(answer.statusCode).toBeLessThan(500);
      expect(JSON.parse(answer.body)).toMatchObject({ code: 400 });
    }
  });

  it.skipIf(variant.skipReason)("someone else's uploadId answers not found, on init and on a chunk", async () => {
    const bytes = fs.readFileSync(files.wav);
    const start = await init(ann, { oriFileName: 'mine.wav', fileSize: bytes.length, chunkSize: MB });
    const { uploadId, uploadUrls } = start.data as { uploadId: string; uploadUrls: string[] };
    const resume = await init(bob, { oriFileName: 'mine.wav', fileSize: bytes.length, chunkSize: MB, uploadId });
    expect(resume).toMatchObject({ code: 404, msg: 'Upload not found' });
    const chunk = await postBlock(app, bob.token, uploadUrls[0]!, { uploadId, chunk: bytes.subarray(0, MB), end: '0', oriFileName: 'mine.wav', fileSize: bytes.length });
    expect(chunk).toMatchObject({ code: 404, msg: 'Upload not found' });
    const removal = await call(app, 'POST', '/speech/audio/transcribe/remove', { token: bob.token, body: { ids: [uploadId] } });
    expect(removal.code).toBe(404);
    expect(await app.db.selectFrom('upload_parts').select('part_number').where('upload_id', '=', uploadId).execute()).toEqual([]);
    await call(app, 'POST', '/speech/audio/transcribe/remove', { token: ann.token, body: { ids: [uploadId] } });
  });

  it.skipIf(variant.skipReason)("another user's folder id is refused like an unknown folder, and nothing is stored", async () => {
    const made = await call(app, 'POST', '/speech/document/editFolder', { token: bob.token, body: { folderName: 'Bob only' } });
    const bobsFolder = String(made.data.id);
    const bytes = fs.readFileSync(files.small);
    const whole = { chunk: bytes, end: '1', oriFileName: 'small.wav', fileSize: bytes.length } as const;
    expect(await postBlock(app, ann.token, BLOCK_PATH, { ...whole, folderId: bobsFolder })).toMatchObject({ code: 404, msg: 'The folder does not exist' });
    expect(await postBlock(app, ann.token, BLOCK_PATH, { ...whole, folderId: 'no-such-folder' }, 'zh-TW')).toMatchObject({ code: 404 });
    expect(await app.db.selectFrom('media_files').select('id').where('folder_id', '=', bobsFolder).execute()).toEqual([]);
    // Chunked: the end is refused, the stored chunk stays, and the end with no folder then finishes.
    const start = await init(ann, { oriFileName: 'small.wav', fileSize: bytes.length, chunkSize: MB });
    const { uploadId, uploadUrls } = start.data as { uploadId: string; uploadUrls: string[] };
    const chunk = { ...whole, uploadId, url: uploadUrls[0] };
    expect(await postBlock(app, ann.token, uploadUrls[0]!, { ...chunk, folderId: bobsFolder })).toMatchObject({ code: 404, msg: 'The folder does not exist' });
    expect(await postBlock(app, ann.token, uploadUrls[0]!, chunk)).toMatchObject({ code: 200 });
    // Ann's own folder is taken.
    const own = String((await call(app, 'POST', '/speech/document/editFolder', { token: ann.token, body: { folderName: 'Ann' } })).data.id);
    expect(await postBlock(app, ann.token, BLOCK_PATH, { ...whole, folderId: own })).toMatchObject({ code: 200 });
  });

  describe('bad files leave nothing behind', () => {
    let carl: { id: string; token: string };
    beforeAll(async () => {
      if (variant.skipReason) return;
      carl = await signUp('carl');
    });
    const expectClean = async () => {
      expect(await uploadTablesOf(carl.id)).toEqual({ sessions: 0, parts: 0, files: 0, records: 0 });
      expect(storedMediaFiles(config.dataDir).filter((f) => f.includes(carl.id) || f.includes('staging'))).toEqual([]);
    };

    it.skipIf(variant.skipReason)('a renamed executable', async () => {
      const exe = path.join(fixtures, 'program.mp3');
      fs.copyFileSync(process.execPath, exe);
      fs.truncateSync(exe, 3 * MB);
      const answer = await uploadChunked(app, carl.token, exe, MB);
      expect(answer).toMatchObject({ code: 400, msg: 'Formatting Error: the file is not audio or video' });
      await expectClean();
    });

    it.skipIf(variant.skipReason)('a truncated mp4', async () => {
      const cut = path.join(fixtures, 'cut.mp4');
      const bytes = fs.readFileSync(files.mp4);
      fs.writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length * 0.6)));
      const answer = await uploadWhole(app, carl.token, cut);
      expect(answer).toMatchObject({ code: 400, msg: 'Formatting Error: the file is not audio or video' });
      await expectClean();
    });

    it.skipIf(variant.skipReason)('a zero-byte file', async () => {
      const empty = path.join(fixtures, 'empty.wav');
      fs.writeFileSync(empty, '');
      const whole = await uploadWhole(app, carl.token, empty);
      expect(whole).toMatchObject({ code: 400, msg: 'Formatting Error: the file is empty' });
      const chunked = await init(carl, { oriFileName: 'empty.wav', fileSize: 0, chunkSize: MB });
      expect(chunked.status).toBe(400);
      await expectClean();
    });

    it.skipIf(variant.skipReason)('a file of 1 hour 0 minutes 1 second, in zh-CN', async () => {
      const long = makeSilentMp3(path.join(fixtures, 'long.mp3'), 3601);
      const answer = await uploadWhole(app, carl.token, long);
      expect(answer.code).toBe(400);
      const zh = await postBlock(app, carl.token, BLOCK_PATH, { chunk: fs.readFileSync(long), end: '1', oriFileName: 'long.mp3', fileSize: fs.statSync(long).size }, 'zh-CN');
      expect(zh.msg).toBe('单个文件不能超过500M且时长不超过1小时');
      expect(answer.msg).toBe('Single file cannot exceed 500M and duration less than 1 hours');
      await expectClean();
    });

    it.skipIf(variant.skipReason)('more than 500 MB is refused at init', async () => {
      const answer = await init(carl, { oriFileName: 'huge.mp4', fileSize: 500 * MB + 1, chunkSize: 10 * MB });
      expect(answer.status).toBe(400);
      await expectClean();
    });
  });
});

describe('a connection dropped in the middle of a chunk', () => {
  it('stores nothing of that chunk; the upload resumes with it and finishes', async () => {
    const server = await startTestServer();
    try {
      const clock = new ManualClock();
      const user = await createUser(server.app.db, clock, { kind: 'email', value: uniqueEmail('drop') }, 'secret123');
      const token = await issueToken(server.app.db, clock, user.id);
      const bytes = fs.readFileSync(files.wav);
      const start = await call(server.app, 'POST', '/speech/audio/transcribe/uploadInit', { token, body: { oriFileName: 'drop.wav', fileSize: bytes.length, chunkSize: MB } });
      const { uploadId, uploadUrls } = start.data as { uploadId: string; uploadUrls: string[] };
      const form = multipartBody(blockForm({ uploadId, chunk: bytes.subarray(0, MB), end: '0', oriFileName: 'drop.wav', fileSize: bytes.length }));

      // Half of the body, then the socket goes away.
      await new Promise<void>((resolve) => {
        const request = http.request(`${server.url}${uploadUrls[0]}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': form.contentType, 'content-length': form.body.length },
        });
        request.on('error', () => resolve());
        request.write(form.body.subarray(0, Math.floor(form.body.length / 2)), () => setTimeout(() => {
          request.destroy();
          setTimeout(resolve, 300);
        }, 200));
      });
      const afterDrop = await call(server.app, 'POST', '/speech/audio/transcribe/uploadInit', { token, body: { oriFileName: 'drop.wav', fileSize: bytes.length, chunkSize: MB, uploadId } });
      expect(afterDrop.data).toMatchObject({ receivedParts: [], nextPart: 1 });

      for (let part = 1; part <= uploadUrls.length; part += 1) {
        const sent = await postBlock(server.app, token, uploadUrls[part - 1]!, {
          uploadId,
          chunk: bytes.subarray((part - 1) * MB, part * MB),
          end: part === uploadUrls.length ? '1' : '0',
          oriFileName: 'drop.wav',
          fileSize: bytes.length,
        });
        expect(sent.code).toBe(200);
      }
      const row = await server.app.db.selectFrom('media_files').selectAll().where('id', '=', uploadId).executeTakeFirstOrThrow();
      expect(fs.readFileSync(storedMediaPath(server.app, row.object_name)).equals(bytes)).toBe(true);
    } finally {
      await server.close();
    }
  });
});

describe('uploads of 20 MB and more', () => {
  it('go in 10 MB chunks; a single call that large is refused', async () => {
    const variant = variants[0]!;
    const { config, cleanup } = await variant.create();
    const app = await buildApp(config);
    try {
      const user = await createUser(app.db, new ManualClock(), { kind: 'email', value: uniqueEmail('big') }, 'secret123');
      const token = await issueToken(app.db, new ManualClock(), user.id);
      const big = makeToneWav(path.join(fixtures, 'big.wav'), 115); // 22 MB
      const whole = await uploadWhole(app, token, big);
      expect(whole).toMatchObject({ code: 400, msg: 'Files of 20 MB or more are uploaded in chunks: call uploadInit first' });
      const chunked = await uploadChunked(app, token, big, 10 * MB);
      expect(chunked.code).toBe(200);
      expect(chunked.data[0].audioDuration).toBeCloseTo(115, 0);
    } finally {
      await app.close();
      await cleanup();
    }
  });
});
