// The pipeline on real speech: espeak-ng says a known English text, the file goes through the upload
// protocol and transwrite, and the embedded engines (pocketsphinx, the spectral diarizer, apertium)
// produce a transcript with ordered word timings and a Spanish translation. A zh-CN record fails with
// the engines' own message naming ASR_URL (no engine is configured for it on a fresh machine).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { ServerConfig } from '../config';
import { issueToken } from '../domain/session/tokens';
import { createUser } from '../domain/session/users';
import { speak, uploadWhole } from '../testing/upload-test-kit';
import type { RecordPipelineColumns } from '../db/schema';
import { wordErrorRate } from '../engines/wer';
import { databaseVariants } from '../testing/database-variants';
import { call, uniqueEmail, ManualClock } from '../testing/inject';

const TEXT = 'The weather today is cold and windy. Please close the window before the meeting starts.';

const variants = await databaseVariants();
const fixtures = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-pipeline-'));
const speech = speak(path.join(fixtures, 'speech.wav'), TEXT);
afterAll(() => fs.rmSync(fixtures, { recursive: true, force: true }));

describe.each(variants)('transcription pipeline on real speech ($name)', (variant) => {
  const clock = new ManualClock(Date.parse('2025-03-01T10:00:00.000Z'));
  let config: ServerConfig;
  let cleanup: () => Promise<void> = async () => undefined;
  let app: FastifyInstance;
  let token: string;

  const transwrite = (body: Record<string, unknown>, lang = 'en-US') => call(app, 'POST', '/speech/audio/transcribe/transwrite', { token, body, lang });
  const result = (id: string) => call(app, 'GET', `/speech/audio/transcribe/getTransResult?id=${id}`, { token });

  beforeAll(async () => {
    if (variant.skipReason) return;
    ({ config, cleanup } = await variant.create());
    app = await buildApp(config, { clock });
    const user = await createUser(app.db, clock, { kind: 'email', value: uniqueEmail('pipe') }, 'secret123');
    token = await issueToken(app.db, clock, user.id);
  });
  afterAll(async () => {
    if (variant.skipReason) return;
    await app.close();
    await cleanup();
  });

  it.skipIf(variant.skipReason)('refuses a blank name and an unknown file id', async () => {
    const uploaded = await uploadWhole(app, token, speech);
    const blank = await transwrite({ ids: [uploaded.data[0].id], showName: '   ', audioLanguage: 'en-US' });
    expect(blank.msg).toBe('Please enter the name');
    const unknown = await transwrite({ ids: ['no-such-file'], showName: 'x', audioLanguage: 'en-US' });
    expect(unknown).toMatchObject({ code: 404, msg: 'Uploaded file not found' });
    // The restore banner sees the uploaded, never submitted file.
    await call(app, 'POST', '/speech/audio/transcribe/remove', { token, body: { ids: [uploaded.data[0].id] } });
    expect(await app.db.selectFrom('media_files').select('id').where('id', '=', uploaded.data[0].id).executeTakeFirst()).toBeUndefined();
  });

  it.skipIf(variant.skipReason)('transcribes en-US with speakers and word timings, then translates into es-ES', async () => {
    const uploaded = await uploadWhole(app, token, speech);
    const id = uploaded.data[0].id as string;
    const started = await transwrite({ ids: [id], showName: ' Weather ', audioLanguage: 'en-US', translationLanguage: 'es-ES', speaker: '1', maxSpeakers: 2 });
    expect(started.data).toEqual({ code: 200, msg: 'Transcription started' });
    expect((await transwrite({ ids: [id], showName: 'again', audioLanguage: 'en-US' })).msg).toBe('This file has already been submitted for transcription');

    const listed = await call(app, 'GET', '/speech/audio/transcribe/query?pageNum=1&pageSize=10', { token });
    const row = listed.data.rows.find((r: { id: string }) => r.id === id);
    expect(['transcribing', 'transcription_completed', 'translating', 'translation_completed']).toContain(row.state);
    expect(row.showName).toBe('Weather');

    await app.services.jobs.whenIdle();
    const done = await result(id);
    expect(done.data.record).toMatchObject({ state: 'translation_completed', progress: null, errorMessage: null, languages: ['en-US'], targetLanguages: ['es-ES'] });
    const lines = done.data.lines as Array<{ startMs: number; endMs: number; text: string; translation: string | null; speaker: string | null }>;
    const words = lines.flatMap((l) => l.text.split(/\s+/).filter(Boolean));
    expect(words.length).toBeGreaterThan(5);
    // espeak-ng is far from pocketsphinx's training voices (the ASR bench measures ~0.4 WER); the
    // bound catches a transcript that is not of this recording at all.
    expect(wordErrorRate(TEXT, words.join(' ')).rate).toBeLessThan(0.7);
    for (let i = 1; i < lines.length; i += 1) expect(lines[i]!.startMs).toBeGreaterThanOrEqual(lines[i - 1]!.endMs - 1);
    expect(lines.every((l) => l.translation && l.translation.length > 0)).toBe(true);
    expect(lines.every((l) => l.speaker?.startsWith('Speaker '))).toBe(true);
    // Word timings reach the client, inside their line, so the page can highlight the spoken word.
    const timed = done.data.lines as Array<{ startMs: number; endMs: number; words?: Array<{ text: string; startMs: number; endMs: number }> }>;
    expect(timed.some((l) => (l.words?.length ?? 0) > 0)).toBe(true);
    for (const line of timed) for (const w of line.words ?? []) expect(w.startMs).toBeGreaterThanOrEqual(line.startMs - 1);

    const segments = await app.db.selectFrom('record_segments').select('words').where('record_id', '=', id).orderBy('position').execute();
    const timings = segments.flatMap((s) => JSON.parse(s.words ?? '[]') as Array<{ startMs: number; endMs: number }>);
    expect(timings.length).toBeGreaterThan(5);
    timings.forEach((w, i) => {
      expect(w.endMs).toBeGreaterThanOrEqual(w.startMs);
      if (i > 0) expect(w.startMs).toBeGreaterThanOrEqual(timings[i - 1]!.startMs);
    });
    const job = await app.db.selectFrom('jobs').selectAll().where('record_id', '=', id).executeTakeFirstOrThrow();
    expect(job).toMatchObject({ status: 'completed', progress: 100, attempts: 1 });

    const latest = await call(app, 'GET', '/speech/audio/transcribe/getLatestTrans', { token });
    expect(latest.data).toMatchObject({
      id,
      uploadSettings: { audioLanguage: 'en-US', translationLanguage: 'es-ES', speaker: '1', maxSpeakers: 2 },
    });
  }, 120_000);

  it.skipIf(variant.skipReason)('refuses a zh-CN upload before any job with the engine error naming ASR_URL, in the submitter’s language', async () => {
    const uploaded = await uploadWhole(app, token, speech);
    const id = uploaded.data[0].id as string;
    const refused = await transwrite({ ids: [id], showName: '天气', audioLanguage: 'zh-CN' }, 'zh-CN');
    expect(refused).toMatchObject({ code: 400, msg: '没有可用于 zh-CN 的语音识别引擎；请设置 ASR_URL' });
    expect(await app.db.selectFrom('jobs').selectAll().where('record_id', '=', id).execute()).toEqual([]);
    expect(await app.db.selectFrom('records').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
  });

  it.skipIf(variant.skipReason)('shows the running job’s progress in the record list', async () => {
    const uploaded = await uploadWhole(app, token, speech);
    const id = uploaded.data[0].id as string;
    await transwrite({ ids: [id], showName: 'Progress', audioLanguage: 'en-US' });
    await app.services.jobs.whenIdle();
    // Freeze a mid-job moment: the pipeline writes this column as each step ends.
    await app.db.withTables<{ records: RecordPipelineColumns }>().updateTable('records').set({ progress: 40, state: 'transcribing' }).where('id', '=', id).execute();
    const listed = await call(app, 'GET', '/speech/audio/transcribe/query?pageNum=1&pageSize=10', { token });
    expect(listed.data.rows.find((r: { id: string }) => r.id === id)).toMatchObject({ state: 'transcribing', progress: 40 });
  });

  it.skipIf(variant.skipReason)('offers the newest unfinished upload to restore', async () => {
    const bytes = fs.readFileSync(speech);
    clock.advanceSeconds(60);
    const init = await call(app, 'POST', '/speech/audio/transcribe/uploadInit', { token, body: { oriFileName: 'later.wav', fileSize: bytes.length + 2 * 1024 * 1024, chunkSize: 1024 * 1024 } });
    const latest = await call(app, 'GET', '/speech/audio/transcribe/getLatestTrans', { token });
    expect(latest.data.interruptedUpload).toMatchObject({ status: 'uploading', uploadId: init.data.uploadId, oriFileName: 'later.wav', receivedParts: [] });
  });
});
