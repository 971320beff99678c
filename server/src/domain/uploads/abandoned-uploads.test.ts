// The sweep of abandoned uploads on SQLite and PostgreSQL, driven by the app's manual clock:
// sessions idle for UPLOAD_ABANDONED_AFTER_SECONDS go with their parts and staging file, files
// never submitted go with their object, and everything younger (or submitted) stays.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { UPLOAD_ABANDONED_AFTER_SECONDS, UPLOAD_SWEEP_INTERVAL_SECONDS } from '../../../../src/shared/contract/limits';
import { buildApp } from '../../app';
import type { ServerConfig } from '../../config';
import { issueToken } from '../session/tokens';
import { createUser } from '../session/users';
import { databaseVariants } from '../../testing/database-variants';
import { call, ManualClock, uniqueEmail } from '../../testing/inject';
import { createAbandonedUploadSweep } from './abandoned-uploads';
import { makeToneWav, postBlock, uploadWhole } from '../../testing/upload-test-kit';
import { storedMediaPath } from '../../testing/stored-media-path';

const MB = 1024 * 1024;
const fixtures = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-sweep-fixtures-'));
const wav = makeToneWav(path.join(fixtures, 'tone.wav'), 1, 16_000, 1); // 32 KB, uploaded whole
const bytes = fs.readFileSync(makeToneWav(path.join(fixtures, 'long.wav'), 6)); // 1.1 MB: two 1 MB chunks
const variants = await databaseVariants();

afterAll(() => fs.rmSync(fixtures, { recursive: true, force: true }));

describe.each(variants)('abandoned uploads on $name', (variant) => {
  const clock = new ManualClock(Date.parse('2025-05-01T08:00:00.000Z'));
  let config: ServerConfig;
  let cleanup: () => Promise<void> = async () => undefined;
  let app: FastifyInstance;
  let token: string;

  /** An upload session with its first chunk stored. */
  const startSession = async (name: string) => {
    const init = await call(app, 'POST', '/speech/audio/transcribe/uploadInit', { token, body: { oriFileName: name, fileSize: bytes.length, chunkSize: MB } });
    const uploadId = init.data.uploadId as string;
    await sendChunk(uploadId, init.data.uploadUrls[0], 1, name);
    return { uploadId, urls: init.data.uploadUrls as string[] };
  };
  const sendChunk = async (uploadId: string, url: string, part: number, name: string) => {
    const sent = await postBlock(app, token, url, { uploadId, chunk: bytes.subarray((part - 1) * MB, part * MB), end: '0', oriFileName: name, fileSize: bytes.length });
    expect(sent.code).toBe(200);
  };
  const uploadFile = async () => {
    const answer = await uploadWhole(app, token, wav);
    expect(answer.code).toBe(200);
    const row = await app.db.selectFrom('media_files').select(['id', 'object_name']).where('id', '=', answer.data[0].id).executeTakeFirstOrThrow();
    return { id: row.id, path: storedMediaPath(app, row.object_name) };
  };
  const sessionExists = async (id: string) => ({
    row: (await app.db.selectFrom('upload_sessions').select('id').where('id', '=', id).executeTakeFirst()) !== undefined,
    parts: (await app.db.selectFrom('upload_parts').select('part_number').where('upload_id', '=', id).execute()).length,
    staging: fs.existsSync(app.services.mediaStore.stagingPath(id)),
  });
  const fileExists = async (file: { id: string; path: string }) => ({
    row: (await app.db.selectFrom('media_files').select('id').where('id', '=', file.id).executeTakeFirst()) !== undefined,
    object: fs.existsSync(file.path),
  });

  beforeAll(async () => {
    if (variant.skipReason) return;
    ({ config, cleanup } = await variant.create());
    app = await buildApp(config, { clock });
    const user = await createUser(app.db, clock, { kind: 'email', value: uniqueEmail('sweep') }, 'secret123');
    token = await issueToken(app.db, clock, user.id);
  });
  afterAll(async () => {
    if (variant.skipReason) return;
    await app.close();
    await cleanup();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it.skipIf(variant.skipReason)('deletes idle sessions and unsubmitted files past the age, keeps the rest', async () => {
    const idle = await startSession('idle.wav');
    const moving = await startSession('moving.wav');
    const unsubmitted = await uploadFile();
    const submitted = await uploadFile();
    // What transwrite's claim does: the file now belongs to a record.
    await app.db.updateTable('media_files').set({ submitted_at: clock.now().toISOString() }).where('id', '=', submitted.id).execute();

    clock.advanceSeconds(UPLOAD_ABANDONED_AFTER_SECONDS / 2);
    await sendChunk(moving.uploadId, moving.urls[1]!, 2, 'moving.wav');
    const young = await uploadFile();
    clock.advanceSeconds(UPLOAD_ABANDONED_AFTER_SECONDS / 2 - 1);
    expect(await app.services.uploadSweep.sweep()).toEqual({ sessions: 0, files: 0, staging: 0 });

    clock.advanceSeconds(2);
    expect(await app.services.uploadSweep.sweep()).toEqual({ sessions: 1, files: 1, staging: 0 });
    expect(await sessionExists(idle.uploadId)).toEqual({ row: false, parts: 0, staging: false });
    expect(await fileExists(unsubmitted)).toEqual({ row: false, object: false });
    expect(await sessionExists(moving.uploadId)).toEqual({ row: true, parts: 2, staging: true });
    expect(await fileExists(submitted)).toEqual({ row: true, object: true });
    expect(await fileExists(young)).toEqual({ row: true, object: true });

    // The moving session, once idle for the whole age, goes too; the submitted file never does.
    clock.advanceSeconds(UPLOAD_ABANDONED_AFTER_SECONDS);
    expect(await app.services.uploadSweep.sweep()).toEqual({ sessions: 1, files: 1, staging: 0 });
    expect(await sessionExists(moving.uploadId)).toEqual({ row: false, parts: 0, staging: false });
    expect(await fileExists(young)).toEqual({ row: false, object: false });
    expect(await fileExists(submitted)).toEqual({ row: true, object: true });
  });

  it.skipIf(variant.skipReason)('issue 9: staging files no session owns are deleted once old; a live session keeps its file', async () => {
    const live = await startSession('live.wav');
    const orphan = app.services.mediaStore.stagingPath('orphan-of-a-killed-fetch');
    fs.writeFileSync(orphan, 'half a download');
    // Written "now" on the test's clock (file times are compared with the sweep's clock).
    fs.utimesSync(orphan, clock.now(), clock.now());
    // Young orphans stay (a link fetch may still be writing one).
    expect((await app.services.uploadSweep.sweep()).staging).toBe(0);
    expect(fs.existsSync(orphan)).toBe(true);
    clock.advanceSeconds(UPLOAD_ABANDONED_AFTER_SECONDS + 3600);
    await sendChunk(live.uploadId, live.urls[1]!, 2, 'live.wav');
    const result = await app.services.uploadSweep.sweep();
    expect(result.staging).toBe(1);
    expect(fs.existsSync(orphan)).toBe(false);
    expect(await sessionExists(live.uploadId)).toEqual({ row: true, parts: 2, staging: true });
  });

  it.skipIf(variant.skipReason)('a new app sweeps at start', async () => {
    const idle = await startSession('restart.wav');
    await app.close();
    clock.advanceSeconds(UPLOAD_ABANDONED_AFTER_SECONDS + 1);
    app = await buildApp(config, { clock });
    await app.services.uploadSweep.idle();
    expect(await sessionExists(idle.uploadId)).toEqual({ row: false, parts: 0, staging: false });
  });

  it.skipIf(variant.skipReason)('sweeps every interval until stopped', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const sweep = createAbandonedUploadSweep({ db: app.db, clock, store: app.services.mediaStore, log: app.log });
    const first = await uploadFile();
    clock.advanceSeconds(UPLOAD_ABANDONED_AFTER_SECONDS + 1);
    sweep.start();
    await sweep.idle();
    expect(await fileExists(first)).toEqual({ row: false, object: false });

    const second = await uploadFile();
    clock.advanceSeconds(UPLOAD_ABANDONED_AFTER_SECONDS + 1);
    vi.advanceTimersByTime(UPLOAD_SWEEP_INTERVAL_SECONDS * 1000 - 1);
    await sweep.idle();
    expect(await fileExists(second)).toEqual({ row: true, object: true });
    vi.advanceTimersByTime(1);
    await sweep.idle();
    expect(await fileExists(second)).toEqual({ row: false, object: false });

    await sweep.stop();
    const third = await uploadFile();
    clock.advanceSeconds(UPLOAD_ABANDONED_AFTER_SECONDS + 1);
    vi.advanceTimersByTime(3 * UPLOAD_SWEEP_INTERVAL_SECONDS * 1000);
    await sweep.idle();
    expect(await fileExists(third)).toEqual({ row: true, object: true });
  });
});
