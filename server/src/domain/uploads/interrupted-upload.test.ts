// The restore banner's "your last upload was interrupted" (issue 10 §7a): getLatestTrans reports an
// interrupted upload only while it is the user's last upload. An upload left behind and then followed
// by one that reached transcription is no longer offered; a later meeting record does not hide it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { issueToken } from '../session/tokens';
import { createUser } from '../session/users';
import { createRecord } from '../records/create-record';
import { sqliteTestConfig } from '../../testing/test-config';
import { call, ManualClock, uniqueEmail } from '../../testing/inject';
import { makeToneWav, uploadWhole } from '../../testing/upload-test-kit';

const fixtures = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-interrupted-'));
const tone = makeToneWav(path.join(fixtures, 'left.wav'), 1, 16_000, 1);

describe('the interrupted upload offered for restore', () => {
  const clock = new ManualClock(Date.parse('2025-04-01T09:00:00.000Z'));
  let app: FastifyInstance;
  let user: { id: string; token: string };

  const latest = async () => (await call(app, 'GET', '/speech/audio/transcribe/getLatestTrans', { token: user.token })).data;
  const startChunked = (oriFileName: string) =>
    call(app, 'POST', '/speech/audio/transcribe/uploadInit', { token: user.token, body: { oriFileName, fileSize: 3 * 1024 * 1024, chunkSize: 1024 * 1024 } });
  const finishedUpload = (showName: string, kind: 'upload' | 'meeting' = 'upload') => createRecord(app.db, clock, { userId: user.id, showName, kind });

  beforeAll(async () => {
    app = await buildApp(sqliteTestConfig(), { clock });
    const created = await createUser(app.db, clock, { kind: 'email', value: uniqueEmail('restore') }, 'secret123');
    user = { id: created.id, token: await issueToken(app.db, clock, created.id) };
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(fixtures, { recursive: true, force: true });
  });

  it('offers an unfinished chunked upload that came after the newest record', async () => {
    await finishedUpload('First talk');
    clock.advanceSeconds(60);
    const init = await startChunked('stopped.wav');
    expect((await latest()).interruptedUpload).toMatchObject({ status: 'uploading', uploadId: init.data.uploadId, oriFileName: 'stopped.wav' });
  });

  it('no longer offers it once a later upload reached transcription', async () => {
    clock.advanceSeconds(60);
    await finishedUpload('Second talk');
    const answer = await latest();
    expect(answer.showName).toBe('Second talk');
    expect(answer.interruptedUpload).toBeNull();
  });

  it('offers an uploaded file never submitted, and a meeting record afterwards does not hide it', async () => {
    clock.advanceSeconds(60);
    const uploaded = await uploadWhole(app, user.token, tone);
    clock.advanceSeconds(60);
    await finishedUpload('Stand-up', 'meeting');
    expect((await latest()).interruptedUpload).toMatchObject({ status: 'uploaded', id: uploaded.data[0].id, oriFileName: 'left.wav' });
  });
});
