// Dubbing tasks through the API (issue 12 §3–§6) on SQLite with the real embedded engines: an SRT
// attachment, a transwrite on a short real mp4 (bilingual GBK SRT zh-CN → en-US: no ASR or MT) run
// by the queued job to the end — states and progress observed, lines, speakers, takes and iteration 1
// written, outputs in the blob store, charged once — then the list, the task, the records list,
// media with Range, removal of uploads and records, the 7-day sweeper, and another user answered
// "not found" by every call. Parallel starts and refunds: dubbing-tasks-burst.test.ts (both databases).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDubRetentionSweep } from '../domain/dubbing/tasks/retention-sweep';
import { uploadBytesToBlob } from '../domain/dubbing/tasks/blob-files';
import { attachSrt, cue, uploadedVideo as uploadedVideoOf } from '../testing/dub-test-kit';
import { parseDubOutputs } from '../domain/dubbing/outputs';
import { voicedKey } from '../domain/dubbing/voiced-key';
import { makeTestVideo, type TestVideo } from '../testing/test-video';
import { grantToUserId } from '../domain/entitlements/grants';
import { useRecordsTestApp, type TestUser } from '../testing/records-test-kit';
import { containerOf } from '../domain/storage/blob-store.port';
import { databaseVariants } from '../testing/database-variants';
import { ManualClock } from '../testing/inject';

const [sqlite] = await databaseVariants();
const DUBBING_PACK = '5';
// 你好 / 谢谢 in GBK (the file is not valid UTF-8): the bilingual SRT's source rows.
const NI_HAO = Buffer.from([0xc4, 0xe3, 0xba, 0xc3]);
const XIE_XIE = Buffer.from([0xd0, 0xbb, 0xd0, 0xbb]);

describe('dubbing tasks', () => {
  const kit = useRecordsTestApp(sqlite!);
  let dir: string;
  let video: TestVideo;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'parley-dub-tasks-test-'));
    video = await makeTestVideo(dir, [{ text: 'good morning everyone', speaker: 0 }, { text: 'thank you very much', speaker: 1 }], { durationMs: 8000, everyMs: 3500, leadMs: 1000 });
    alice = await kit.signUp('alice');
    bob = await kit.signUp('bob');
    for (const who of [alice, bob]) await grantToUserId(kit.app.db, kit.clock, who.user.id, DUBBING_PACK, 1);
  }, 120_000);
  afterAll(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });

  const store = () => kit.app.services.blobStore;
  const blobsOf = (who: TestUser) => store().listBlobs(containerOf(who.user.id));
  const ledgerOf = (who: TestUser) => kit.app.db.selectFrom('ledger_entries').selectAll().where('user_id', '=', who.user.id).where('usage', '=', 'dubbing').execute();

  const uploadedVideo = (who: TestUser) => uploadedVideoOf(kit, who, video);
  const attach = (who: TestUser, name: string, bytes: Buffer, lang?: string) => attachSrt(kit, who, name, bytes, lang);
  const bilingual = () =>
    Buffer.concat([cue(1, '00:00:01,000', '00:00:03,000', NI_HAO, Buffer.from('hello there')), cue(2, '00:00:04,500', '00:00:06,500', XIE_XIE, Buffer.from('thank you'))]);

  async function waitForTask(who: TestUser, taskId: string, seen: { state: string; progress: number | null; overall?: number | null }[] = []) {
    for (;;) {
      const task = (await kit.get('/speech/video/transcribe/getFileByTaskId', who, { taskId })).data;
      seen.push({ state: task.state, progress: task.progress, overall: task.overall });
      if (task.state === 'dubbed' || task.state === 'failed') return task;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  let taskId: string;
  let srtUrl: string;

  it('stores an SRT attachment by name and content, and refuses a renamed binary, broken timing and a file over 2 MB with nothing stored', async () => {
    const before = await blobsOf(alice);
    const stored = await attach(alice, 'talk.srt', bilingual());
    expect(stored.code).toBe(200);
    expect(stored.data!.name).toBe('talk.srt');
    expect(store().locate(stored.data!.url)).toMatchObject({ container: containerOf(alice.user.id) });
    srtUrl = stored.data!.url;

    expect(await attach(alice, 'talk.txt', bilingual())).toMatchObject({ code: 400, msg: 'Only .srt subtitle files can be attached' });
    expect(await attach(alice, 'image.srt', randomBytes(2000))).toMatchObject({ code: 400, msg: 'Only .srt subtitle files can be attached' });
    const broken = await attach(alice, 'broken.srt', Buffer.from('1\n00:00:01,000 --> 00:00:02,000\nok\n\n2\n00:00:05 -> 00:00:04\nbad\n'), 'zh-CN');
    expect(broken.code).toBe(400);
    expect(broken.msg).toContain('2');
    expect(await attach(alice, 'huge.srt', Buffer.alloc(2 * 1024 * 1024 + 10, 0x41))).toMatchObject({ code: 400, msg: 'A subtitle file may be at most 2 MB' });
    expect((await blobsOf(alice)).length).toBe(before.length + 1);
  });

  it('runs a transwrite to the end: translating → dubbed with progress, lines, speakers, takes, iteration 1 and outputs, charged once', async () => {
    const fileId = await uploadedVideo(alice);
    const started = await kit.post('/speech/video/transcribe/transwrite', alice, { ids: [fileId], audioLanguage: 'zh-CN', translationLanguage: 'en-US', srtFileType: 3, srtUrl, maxSpeakers: 2, showName: 'Morning' });
    expect(started).toMatchObject({ code: 200, data: { code: 200, msg: 'Dubbing started' } });
    taskId = fileId;
    const seen: { state: string; progress: number | null; overall?: number | null }[] = [];
    const task = await waitForTask(alice, taskId, seen);
    await kit.app.services.jobs.whenIdle();
    expect(task).toMatchObject({ id: taskId, showName: 'Morning', state: 'dubbed', audioLanguage: 'zh-CN', translationLanguage: 'en-US', iterationCount: 1, expired: false, errorMessage: null });
    expect(task.videoUrl).toBe(`/prod-api/speech/video/transcribe/media?id=${taskId}&kind=source`);
    expect(task.duration).toBeCloseTo(8, 0);
    // States only move forward; a running state was seen with its percent.
    const order = ['translating', 'translated', 'dubbing', 'dubbed'];
    const indices = seen.map((s) => order.indexOf(s.state));
    expect(indices.every((v, i) => v >= 0 && (i === 0 || v >= indices[i - 1]!))).toBe(true);
    expect(seen.some((s) => s.state !== 'dubbed' && typeof s.progress === 'number')).toBe(true);
    // The whole run's percent only grows, stays below 100 while anything runs, and reads 100 once dubbed.
    const running = seen.filter((s) => s.state !== 'dubbed').map((s) => s.overall!);
    expect(running.every((v, i) => v >= 0 && v <= 99 && (i === 0 || v >= running[i - 1]!))).toBe(true);
    expect(task.overall).toBe(100);
    // Voice removal reported on the task: the local gate, and how far the rest of the original sits under the dub.
    expect(task.voiceRemover).toBe('gate');
    expect(task.voiceLeftDb).toBeGreaterThan(25);

    const lines = await kit.app.db.selectFrom('record_segments').selectAll().where('record_id', '=', taskId).orderBy('position').execute();
    expect(lines.map((l) => [l.start_ms, l.end_ms, l.text, l.translation])).toEqual([
      [1000, 3000, '你好', 'hello there'],
      [4500, 6500, '谢谢', 'thank you'],
    ]);
    const speakers = await kit.app.db.selectFrom('dub_speakers').selectAll().where('task_id', '=', taskId).orderBy('number').execute();
    expect(speakers.length).toBeGreaterThanOrEqual(1);
    expect(speakers[0]!.name).toBe('Speaker 1');
    for (const line of lines) expect(speakers.map((s) => s.id)).toContain(line.speaker_id);
    const takes = await kit.app.db.selectFrom('dub_line_takes').selectAll().where('task_id', '=', taskId).execute();
    expect(takes).toHaveLength(2);
    for (const take of takes) {
      const line = lines.find((l) => l.id === take.segment_id)!;
      const voice = speakers.find((s) => s.id === line.speaker_id)!;
      expect(take.lang).toBe('en-US');
      expect(take.voiced_key).toBe(voicedKey({ startMs: line.start_ms, endMs: line.end_ms, text: line.translation!, voice: voice.voice, pitch: voice.pitch, rate: voice.rate }));
      expect(take.dub_start_ms).toBeGreaterThanOrEqual(line.start_ms);
      expect(take.overrun_ms).toBeGreaterThanOrEqual(0);
    }
    const iterations = await kit.app.db.selectFrom('dub_iterations').selectAll().where('task_id', '=', taskId).execute();
    expect(iterations).toHaveLength(1);
    expect(iterations[0]).toMatchObject({ number: 1, lang: 'en-US', state: 'dubbed', charged_seconds: 8 });
    const outputs = parseDubOutputs(iterations[0]!.outputs)!;
    expect(outputs.video).toBe(`dub/${taskId}/en-US/1/video.mp4`);
    const container = containerOf(alice.user.id);
    for (const blob of [outputs.video, outputs.dubbedAudio, outputs.dubbedSpeech, outputs.srt.bilingual, ...outputs.perSpeaker.map((p) => p.blob)]) {
      expect(await store().size(container, blob)).toBeGreaterThan(0);
    }
    const row = await kit.app.db.selectFrom('dub_tasks').selectAll().where('id', '=', taskId).executeTakeFirstOrThrow();
    expect(Date.parse(row.expire_at!) - kit.clock.now().getTime()).toBe(7 * 86_400_000);
    const charges = (await ledgerOf(alice)).filter((r) => r.kind === 'consumption');
    expect(charges.map((c) => [c.seconds, c.record_id])).toEqual([[-8, taskId]]);
  }, 180_000);

  it('lists the task newest first in its folder, and the records list shows it as a dubbing record', async () => {
    const list = await kit.get('/speech/video/transcribe/list', alice, { pageNum: 1, pageSize: 10 });
    expect(list.data.total).toBe(1);
    expect(list.data.rows[0]).toMatchObject({ id: taskId, state: 'dubbed', folderId: '1' });
    expect((await kit.get('/speech/video/transcribe/list', alice, { pageNum: 1, pageSize: 10, folderId: 'elsewhere' })).data.total).toBe(0);
    expect((await kit.get('/speech/video/transcribe/list', bob, { pageNum: 1, pageSize: 10 })).data.total).toBe(0);
    const records = await kit.get('/speech/audio/transcribe/query', alice, { pageNum: 1, pageSize: 10 });
    expect(records.data.rows.find((r: { id: string }) => r.id === taskId)).toMatchObject({ recordType: 'dubbing', state: 'translation_completed', progress: null });
  });

  it('serves the source and dubbed media with Range (206) to the owner, by bearer or cookie', async () => {
    const file = await fs.readFile(video.path);
    const partial = await kit.app.inject({ method: 'GET', url: `/prod-api/speech/video/transcribe/media?id=${taskId}&kind=source`, headers: { authorization: `Bearer ${alice.token}`, range: 'bytes=100-1099' } });
    expect(partial.statusCode).toBe(206);
    expect(partial.headers['content-range']).toBe(`bytes 100-1099/${file.length}`);
    expect(partial.rawPayload.equals(file.subarray(100, 1100))).toBe(true);
    const dubbed = await kit.app.inject({ method: 'GET', url: `/prod-api/speech/video/transcribe/media?id=${taskId}&kind=dubbedVideo`, cookies: { 'Admin-Token': alice.token } });
    expect(dubbed.statusCode).toBe(200);
    expect(dubbed.headers['content-type']).toBe('video/mp4');
    expect(dubbed.rawPayload.subarray(4, 8).toString()).toBe('ftyp');
    const tail = await kit.app.inject({ method: 'GET', url: `/prod-api/speech/video/transcribe/media?id=${taskId}&kind=dubbedAudio`, headers: { authorization: `Bearer ${alice.token}`, range: 'bytes=-10' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.length).toBe(10);
  });

  it('answers another user "not found" on every call, and refuses their SRT address', async () => {
    const fileId = await uploadedVideo(alice);
    expect(await kit.get('/speech/video/transcribe/getFileByTaskId', bob, { taskId })).toMatchObject({ code: 404, msg: 'This dubbing task was not found' });
    const media = await kit.app.inject({ method: 'GET', url: `/prod-api/speech/video/transcribe/media?id=${taskId}&kind=source`, headers: { authorization: `Bearer ${bob.token}` } });
    expect(JSON.parse(media.body)).toMatchObject({ code: 404 });
    const anonymous = await kit.app.inject({ method: 'GET', url: `/prod-api/speech/video/transcribe/media?id=${taskId}&kind=source` });
    expect(JSON.parse(anonymous.body)).toMatchObject({ code: 404 });
    expect(await kit.post('/speech/video/transcribe/transwrite', bob, { ids: [fileId] })).toMatchObject({ code: 404, msg: 'The uploaded video was not found: upload it again' });
    expect(await kit.post('/speech/video/transcribe/create', bob, { id: fileId })).toMatchObject({ code: 404 });
    expect(await kit.post('/speech/video/transcribe/remove', bob, { ids: [fileId] })).toMatchObject({ code: 404 });
    const own = await uploadedVideo(bob);
    expect(await kit.post('/speech/video/transcribe/transwrite', bob, { ids: [own], srtFileType: 3, srtUrl }, 'zh-TW')).toMatchObject({ code: 403, msg: '該字幕檔案不是您上傳的檔案' });
    expect(await kit.app.db.selectFrom('dub_tasks').select('id').where('user_id', '=', bob.user.id).execute()).toEqual([]);
    expect(await ledgerOf(bob)).toEqual([]); // nothing charged
    expect(await kit.app.db.selectFrom('dub_files').select('id').where('id', '=', fileId).execute()).toHaveLength(1);
  });

  it('creates a task without starting it, and starts it later with transwrite', async () => {
    const fileId = await uploadedVideo(alice);
    const created = await kit.post('/speech/video/transcribe/create', alice, { id: fileId, showName: 'Later', translationLanguage: 'en-US' });
    expect(created.data).toMatchObject({ id: fileId, showName: 'Later', state: 'translating', progress: null, iterationCount: 0 });
    expect((await ledgerOf(alice)).filter((r) => r.record_id === fileId)).toEqual([]);
    expect(await kit.post('/speech/video/transcribe/create', alice, { id: fileId })).toMatchObject({ code: 200, data: { id: fileId, showName: 'Later' } });
    // Dubbing needs a language to dub into; the refusal leaves the task unstarted.
    expect(await kit.post('/speech/video/transcribe/transwrite', alice, { ids: [fileId], translationLanguage: null })).toMatchObject({ code: 400, msg: 'Choose the language to dub into' });
    expect((await kit.get('/speech/video/transcribe/getFileByTaskId', alice, { taskId: fileId })).data).toMatchObject({ state: 'translating', progress: null });
  });

  it('files a task in a folder of its owner chosen in the dialog, and refuses another user’s folder with nothing created', async () => {
    const folder = (who: TestUser, name: string) => ({ id: `f-${name}-${who.user.id.slice(0, 8)}`, user_id: who.user.id, parent_id: null, name, ancestors: '0', created_at: kit.clock.now().toISOString() });
    const mine = folder(alice, 'Talks');
    const theirs = folder(bob, 'Private');
    await kit.app.db.insertInto('folders').values([mine, theirs]).execute();
    const fileId = await uploadedVideo(alice);
    const refused = await kit.post('/speech/video/transcribe/create', alice, { id: fileId, showName: 'Filed', folderId: theirs.id, translationLanguage: 'en-US' });
    expect([refused.code, refused.msg]).toEqual([404, 'The folder does not exist']);
    expect(await kit.app.db.selectFrom('records').select('id').where('id', '=', fileId).execute()).toEqual([]);
    const created = await kit.post('/speech/video/transcribe/create', alice, { id: fileId, showName: 'Filed', folderId: mine.id, translationLanguage: 'en-US' });
    expect(created.data).toMatchObject({ id: fileId, folderId: mine.id });
    const listed = await kit.get('/speech/video/transcribe/list', alice, { pageNum: 1, pageSize: 10, folderId: mine.id });
    expect(listed.data.rows.map((r: { id: string }) => r.id)).toEqual([fileId]);
  });

  it('refuses a start the dubbing balance does not cover, with no task left behind', async () => {
    const carol = await kit.signUp('carol');
    const fileId = await uploadedVideo(carol);
    const refused = await kit.post('/speech/video/transcribe/transwrite', carol, { ids: [fileId] });
    expect(refused.code).toBe(92505003);
    expect(await kit.app.db.selectFrom('dub_tasks').select('id').where('user_id', '=', carol.user.id).execute()).toEqual([]);
    expect((await kit.get('/speech/audio/transcribe/query', carol, { pageNum: 1, pageSize: 10 })).data.total).toBe(0);
  });

  it('refuses to remove a video while its task runs; afterwards removes the file and keeps the dub', async () => {
    await kit.app.db.updateTable('dub_tasks').set({ state: 'dubbing' }).where('id', '=', taskId).execute();
    expect(await kit.post('/speech/video/transcribe/remove', alice, { ids: [taskId] })).toMatchObject({ code: 409 });
    await kit.app.db.updateTable('dub_tasks').set({ state: 'dubbed' }).where('id', '=', taskId).execute();
    const file = await kit.app.db.selectFrom('dub_files').selectAll().where('id', '=', taskId).executeTakeFirstOrThrow();
    const unused = await uploadedVideo(alice);
    const unusedRow = await kit.app.db.selectFrom('dub_files').selectAll().where('id', '=', unused).executeTakeFirstOrThrow();
    expect(await kit.post('/speech/video/transcribe/remove', alice, { ids: [unused] })).toMatchObject({ code: 200 });
    expect(await store().size(unusedRow.container, unusedRow.blob_name)).toBeNull();
    expect(await kit.app.db.selectFrom('dub_files').select('id').where('id', '=', unused).execute()).toEqual([]);
    expect(await store().size(file.container, file.blob_name)).toBeGreaterThan(0);
  });

  it('purges voice-over and composite media after 7 days, keeps lines and subtitles, and sweeps old unreferenced blobs', async () => {
    const container = containerOf(alice.user.id);
    await uploadBytesToBlob(store(), container, 'srt/never-submitted.srt', Buffer.from('1\n00:00:01,000 --> 00:00:02,000\nhi\n'));
    // Blocks staged by a browser that never committed them.
    await store().putBlock(container, 'abandoned.mp4', Buffer.from('block-0000').toString('base64'), Readable.from([randomBytes(100)]), 1000);
    const outputs = parseDubOutputs((await kit.app.db.selectFrom('dub_iterations').select('outputs').where('task_id', '=', taskId).executeTakeFirstOrThrow()).outputs)!;
    const later = new ManualClock(Date.now() + 8 * 86_400_000);
    const sweep = createDubRetentionSweep({ db: kit.app.db, clock: later, store: store() });
    const result = await sweep.sweep();
    expect(result.expiredTasks).toBeGreaterThanOrEqual(1);
    for (const blob of [outputs.video, outputs.dubbedAudio, outputs.dubbedSpeech]) expect(await store().size(container, blob)).toBeNull();
    expect(await store().size(container, outputs.srt.bilingual)).toBeGreaterThan(0);
    expect(await store().size(container, 'srt/never-submitted.srt')).toBeNull();
    expect(await blobsOf(alice)).not.toContain('abandoned.mp4');
    // Referenced: the task's own SRT attachment and its source video.
    expect(store().locate(srtUrl)).not.toBeNull();
    expect(await store().size(container, store().locate(srtUrl)!.blob)).toBeGreaterThan(0);
    const task = (await kit.get('/speech/video/transcribe/getFileByTaskId', alice, { taskId })).data;
    expect(task).toMatchObject({ state: 'dubbed', expired: true });
    expect(await kit.app.db.selectFrom('record_segments').select('id').where('record_id', '=', taskId).execute()).toHaveLength(2);
    const gone = await kit.app.inject({ method: 'GET', url: `/prod-api/speech/video/transcribe/media?id=${taskId}&kind=dubbedVideo`, headers: { authorization: `Bearer ${alice.token}` } });
    expect(JSON.parse(gone.body)).toMatchObject({ code: 404 });
    expect((await sweep.sweep()).expiredTasks).toBe(0);
  });

  it('deletes a dubbing record with every blob it kept', async () => {
    const container = containerOf(alice.user.id);
    expect(await kit.post('/speech/audio/transcribe/remove', alice, { ids: [taskId] })).toMatchObject({ code: 200 });
    const left = await blobsOf(alice);
    expect(left.filter((name) => name.startsWith(`dub/${taskId}/`))).toEqual([]);
    expect(left).not.toContain(store().locate(srtUrl)!.blob);
    expect(await kit.app.db.selectFrom('dub_tasks').select('id').where('id', '=', taskId).execute()).toEqual([]);
    expect(await kit.app.db.selectFrom('dub_files').select('id').where('id', '=', taskId).execute()).toEqual([]);
    expect(await store().listBlobs(container)).toEqual(left);
  });
});
