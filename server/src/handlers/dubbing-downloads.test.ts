// Dubbing downloads through the API: the zip is unpacked (jszip) and its entries checked; another
// user's id is refused; expired media is left out with a note (or refused when nothing else was
// asked for); and a large video is streamed, not buffered: the answer starts, and the server stops
// reading storage while the reader does not read, long before it has read the whole file.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../clock';
import { loadEngineConfig } from '../engines/config';
import { createEngines, type Engines } from '../engines/registry';
import { runDubbing, type DubResult } from '../domain/dubbing/pipeline/run-dubbing';
import { formatSrt } from '../domain/dubbing/pipeline/srt';
import { makeTestVideo, type TestVideo } from '../testing/test-video';
import { createDubRetentionSweep } from '../domain/dubbing/tasks/retention-sweep';
import { seedDubbedTask } from '../testing/voiceover-test-task';
import { containerOf } from '../domain/storage/blob-store.port';
import { putFile } from '../storage/blob/put-file';
import { startTestServer, type TestServer } from '../testing/start-test-server';
import { createTestUsers } from '../testing/test-users';

const SCRIPT = [
  { text: 'good morning everyone', speaker: 0, source: '大家早上好', translation: 'good morning everyone' },
  { text: 'thank you for coming', speaker: 1, source: '谢谢你们来', translation: 'thank you for coming' },
];

let dir: string;
let video: TestVideo;
let engines: Engines;
let dubbed: DubResult;
let server: TestServer;
type Who = 'alice' | 'bob';
const users = {} as Record<Who, { id: string; token: string }>;

const zipUrl = (query: Record<string, string>, route = 'download/zip') => `${server.url}/prod-api/speech/video/transcribe/${route}?${new URLSearchParams(query)}`;
const get = (url: string, who: Who, lang = 'en-US') => fetch(url, { headers: { authorization: `Bearer ${users[who].token}`, 'accept-language': lang } });

async function unzip(response: Response): Promise<JSZip> {
  expect(response.headers.get('content-type')).toBe('application/zip');
  return JSZip.loadAsync(await response.arrayBuffer());
}

const seed = (who: Who, showName: string) =>
  seedDubbedTask(
    { db: server.app.db, clock: systemClock, blobStore: server.app.services.blobStore },
    { userId: users[who].id, videoPath: video.path, result: dubbed, audioLanguage: 'zh-CN', translationLanguage: 'en-US', showName },
  );

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'parley-dub-downloads-'));
  video = await makeTestVideo(dir, SCRIPT, { durationMs: 9000, everyMs: 4000, leadMs: 1000 });
  engines = createEngines(loadEngineConfig({}));
  const srt = formatSrt(video.lines.map((l, i) => ({ startMs: l.startMs, endMs: l.endMs + 500, text: `${SCRIPT[i]!.source}\n${SCRIPT[i]!.translation}` })));
  dubbed = await runDubbing(
    { videoPath: video.path, workDir: path.join(dir, 'first'), form: { sourceLanguage: 'zh-CN', targetLanguage: 'en-US', speakers: 2 }, srt: { bytes: srt, type: 3 } },
    { engines },
  );
  server = await startTestServer();
  Object.assign(users, await createTestUsers(server.app.db, ['alice', 'bob'] as const));
}, 120_000);
afterAll(async () => {
  await server?.close();
  await engines?.close();
  await fs.rm(dir, { recursive: true, force: true });
});

describe('dubbing download zip', () => {
  it('holds the video, dubbed audio, per-speaker tracks and the subtitles with speaker names', async () => {
    const { taskId } = await seed('alice', 'Team talk');
    await server.app.db.updateTable('dub_speakers').set({ name: 'Host' }).where('task_id', '=', taskId).where('number', '=', 0).execute();
    // No msgType: every kind of subtitle.
    const zip = await unzip(await get(zipUrl({ type: 'video,audio,subtitle', idStr: taskId, speaker: '1' }), 'alice'));
    const names = Object.keys(zip.files).filter((n) => !zip.files[n]!.dir).sort();
    expect(names).toEqual(
      [
        'Team talk/Team talk.zh-CN.srt',
        'Team talk/en-US/Team talk.en-US.srt',
        'Team talk/en-US/Team talk.mp4',
        'Team talk/en-US/Team talk.dubbed.m4a',
        'Team talk/en-US/Team talk.zh-CN-en-US.srt',
        'Team talk/en-US/speakers/Host.m4a',
        'Team talk/en-US/speakers/Speaker 2.m4a',
      ].sort(),
    );
    const mp4 = await zip.file('Team talk/en-US/Team talk.mp4')!.async('nodebuffer');
    expect(mp4.equals(await fs.readFile(dubbed.files.video))).toBe(true);
    const bilingual = await zip.file('Team talk/en-US/Team talk.zh-CN-en-US.srt')!.async('string');
    expect(bilingual).toContain('Host: 大家早上好\ngood morning everyone');
    expect(await zip.file('Team talk/Team talk.zh-CN.srt')!.async('string')).toContain('Speaker 2: 谢谢你们来');

    // Without speaker=1 the subtitles carry the text alone; msgType picks one kind.
    const plain = await unzip(await get(zipUrl({ type: 'subtitle', msgType: 'translation', idStr: taskId }, 'download/destroy/zip'), 'alice'));
    expect(Object.keys(plain.files).filter((n) => !plain.files[n]!.dir)).toEqual(['Team talk/en-US/Team talk.en-US.srt']);
    const srt = await plain.file('Team talk/en-US/Team talk.en-US.srt')!.async('string');
    expect(srt).toMatch(/^1\n00:00:0\d,\d{3} --> 00:00:0\d,\d{3}\ngood morning everyone\n/);
  });

  it('refuses another user’s id (even beside the caller’s own) and a bad type, with translated envelopes', async () => {
    const own = await seed('alice', 'Mine');
    const other = await seed('bob', 'Not yours');
    const foreign = await get(zipUrl({ idStr: `${own.taskId},${other.taskId}` }), 'alice');
    expect(foreign.headers.get('content-type')).toMatch(/application\/json/);
    expect((await foreign.json()).code).toBe(404);
    const badType = await (await get(zipUrl({ idStr: own.taskId, type: 'pictures' }), 'alice', 'zh-CN')).json();
    expect([badType.code, badType.msg]).toEqual([400, 'type 只能是 video、audio 或 subtitle（多个用逗号分隔）']);
  });

  it('leaves expired media out with a note, and refuses when only expired media was asked for', async () => {
    const { taskId } = await seed('alice', 'Old talk');
    await server.app.db.updateTable('dub_tasks').set({ expired_at: new Date().toISOString() }).where('id', '=', taskId).execute();
    const onlyMedia = await (await get(zipUrl({ idStr: taskId, type: 'video,audio' }), 'alice')).json();
    expect([onlyMedia.code, onlyMedia.msg]).toEqual([400, 'The dubbed video and audio are kept for 7 days and have expired; the subtitles can still be downloaded']);
    const zip = await unzip(await get(zipUrl({ idStr: taskId }), 'alice', 'zh-CN'));
    const names = Object.keys(zip.files).filter((n) => !zip.files[n]!.dir);
    expect(names.some((n) => n.endsWith('.mp4') || n.endsWith('.m4a'))).toBe(false);
    expect(names.filter((n) => n.endsWith('.srt'))).toHaveLength(3);
    expect(await zip.file('EXPIRED.txt')!.async('string')).toContain('“Old talk”的配音视频和音频仅保留 7 天');
  });

  it('the 7-day sweeper deletes a due task’s voice-over files, says they expired, and the download then has only subtitles', async () => {
    const due = await seed('alice', 'Due');
    const kept = await seed('alice', 'Kept');
    const past = new Date(Date.now() - 1000).toISOString();
    await server.app.db.updateTable('dub_tasks').set({ expire_at: past }).where('id', '=', due.taskId).execute();
    const container = containerOf(users.alice.id);
    const store = server.app.services.blobStore;
    const under = async (taskId: string) => (await store.listBlobs(container)).filter((b) => b.startsWith(`dub/${taskId}/`));
    expect((await under(due.taskId)).length).toBeGreaterThan(5);
    const result = await createDubRetentionSweep({ db: server.app.db, clock: systemClock, store }).sweep();
    expect(result.expiredTasks).toBe(1);
    // Only the subtitles stay (features §4: the transcript and subtitles are kept).
    expect((await under(due.taskId)).map((name) => name.split('/').at(-1)).sort()).toEqual(['bilingual.srt', 'source.srt', 'translation.srt']);
    expect((await under(kept.taskId)).length).toBeGreaterThan(5);
    const task = await server.app.db.selectFrom('dub_tasks').selectAll().where('id', '=', due.taskId).executeTakeFirstOrThrow();
    expect(task.expired_at).not.toBeNull();
    // The lines stay: the subtitles still download.
    expect(await server.app.db.selectFrom('record_segments').select('id').where('record_id', '=', due.taskId).execute()).toHaveLength(SCRIPT.length);
    const onlyVideo = await (await get(zipUrl({ idStr: due.taskId, type: 'video' }), 'alice')).json();
    expect(onlyVideo.code).toBe(400);
    const zip = await unzip(await get(zipUrl({ idStr: due.taskId, type: 'video,subtitle', msgType: 'bilingual' }), 'alice'));
    expect(Object.keys(zip.files).filter((n) => !zip.files[n]!.dir).sort()).toEqual(['Due/en-US/Due.zh-CN-en-US.srt', 'EXPIRED.txt']);
  });

  it('streams a large video without buffering it: the server reads storage only as fast as the reader takes the zip', async () => {
    const { taskId } = await seed('alice', 'Large');
    const size = 64 * 1024 * 1024;
    const big = path.join(dir, 'big.bin');
    const handle = await fs.open(big, 'w');
    for (let i = 0; i < size / (1 << 20); i++) await handle.write(randomBytes(1 << 20));
    await handle.close();
    const store = server.app.services.blobStore;
    const blob = `dub/${taskId}/en-US/1/big.mp4`;
    await putFile(store, containerOf(users.alice.id), blob, big);
    const iteration = await server.app.db.selectFrom('dub_iterations').selectAll().where('task_id', '=', taskId).executeTakeFirstOrThrow();
    await server.app.db.updateTable('dub_iterations').set({ outputs: JSON.stringify({ ...JSON.parse(iteration.outputs!), video: blob }) }).where('id', '=', iteration.id).execute();

    // Count what the server reads from storage for this blob.
    let read = 0;
    const readStream = store.readStream.bind(store);
    store.readStream = async (container: string, name: string): Promise<Readable> => {
      const stream = await readStream(container, name);
      if (name === blob) stream.on('data', (chunk: Buffer) => (read += chunk.length));
      return stream;
    };
    try {
      const response = await get(zipUrl({ idStr: taskId, type: 'video' }), 'alice');
      const reader = response.body!.getReader();
      let received = (await reader.read()).value!.length;
      expect(received).toBeGreaterThan(0);
      // The reader pauses: reading from storage must come to a stop well short of the file.
      let last = -1;
      while (read !== last) {
        last = read;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(read).toBeLessThan(size / 2);
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        received += value.length;
      }
      expect(read).toBe(size);
      expect(received).toBeGreaterThan(size);
    } finally {
      store.readStream = readStream;
      await fs.rm(big, { force: true });
    }
  }, 120_000);
});
