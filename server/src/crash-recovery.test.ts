// Issue 9: nothing lost when the server process is killed outright (SIGKILL: no shutdown hook runs).
// A real `server.ts` child process on SQLite and on PostgreSQL gets an upload with stored chunks, a
// transcription job and a live meeting with a final subtitle the host has just seen; it is killed with -9 in the
// middle of all three, started again on the same DATA_DIR and database, and must still have every
// stored chunk, the job (which then finishes) and the subtitle.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { systemClock } from './clock';
import type { ServerConfig } from './config';
import type { Kysely } from 'kysely';
import { createDatabase } from './db/dialect';
import type { MeetingDatabase } from './domain/meetings/meeting-tables';
import { migrateToLatest } from './db/migrate';
import { issueToken } from './domain/session/tokens';
import { createUser } from './domain/session/users';
import { blockForm, makeToneWav, multipartBody } from './testing/upload-test-kit';
import { feed, framesOf, LiveClient, twoSentences } from './testing/live-test-kit';
import { databaseVariants } from './testing/database-variants';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const MB = 1024 * 1024;
const variants = await databaseVariants();
const fixtures = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-crash-'));
const upload = fs.readFileSync(makeToneWav(path.join(fixtures, 'long.wav'), 19)); // 3.5 MB: four 1 MB chunks
const short = fs.readFileSync(makeToneWav(path.join(fixtures, 'short.wav'), 2, 16_000, 1));
afterAll(() => fs.rmSync(fixtures, { recursive: true, force: true }));

function environment(config: ServerConfig): NodeJS.ProcessEnv {
  const database =
    config.database.kind === 'postgres'
      ? { DATABASE_URL: `${config.database.url}?options=${encodeURIComponent(`-c search_path=${config.database.schema}`)}` }
      : {};
  return { ...process.env, DATA_DIR: config.dataDir, PORT: '0', HOST: '127.0.0.1', DEMO_ACCOUNT: 'off', NODE_ENV: 'test', WEB_DIR: path.join(config.dataDir, 'no-web'), REDIS_URL: '', ...database };
}

/** Starts server.ts as its own process; resolves with its address once it listens. */
function startServer(config: ServerConfig): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/server.ts'], { cwd: ROOT, env: environment(config), stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`server did not start: ${output}`)), 60_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const url = /running at (http:\/\/\S+?)\/?\s/.exec(output)?.[1];
      if (url) {
        clearTimeout(timer);
        resolve({ child, url });
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => reject(new Error(`server exited (${code}): ${output}`)));
  });
}

function kill9(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

describe.each(variants)('SIGKILL and restart on $name', (variant) => {
  it.skipIf(variant.skipReason)('keeps every stored chunk, the transcription job and the accepted subtitles', async () => {
    const { config, cleanup } = await variant.create();
    let server: { child: ChildProcess; url: string } | null = null;
    try {
      const db = createDatabase(config.database);
      const meetingDb = db as unknown as Kysely<MeetingDatabase>;
      await migrateToLatest(db, config.database.kind === 'postgres' ? config.database.schema : undefined);
      const user = await createUser(db, systemClock, { kind: 'email', value: 'crash@example.com' }, 'secret123');
      const token = await issueToken(db, systemClock, user.id);
      const auth = { authorization: `Bearer ${token}` };
      const api = async (method: string, url: string, body?: unknown) => {
        const response = await fetch(`${server!.url}/prod-api${url}`, {
          method,
          headers: { ...auth, ...(body ? { 'content-type': 'application/json' } : {}) },
          ...(body ? { body: JSON.stringify(body) } : {}),
        });
        return (await response.json()) as { code: number; msg: string; data: any };
      };
      const block = async (url: string, fields: Parameters<typeof blockForm>[0]) => {
        const { body, contentType } = multipartBody(blockForm(fields));
        const response = await fetch(`${server!.url}${url}`, { method: 'POST', headers: { ...auth, 'content-type': contentType }, body: new Uint8Array(body) });
        return (await response.json()) as { code: number; data: any };
      };

      server = await startServer(config);

      // 1. An upload with two of its four chunks stored.
      const init = await api('POST', '/speech/audio/transcribe/uploadInit', { oriFileName: 'long.wav', fileSize: upload.length, chunkSize: MB });
      const { uploadId, uploadUrls } = init.data as { uploadId: string; uploadUrls: string[] };
      for (const part of [1, 2]) {
        const answer = await block(uploadUrls[part - 1]!, { uploadId, chunk: upload.subarray((part - 1) * MB, part * MB), end: '0', oriFileName: 'long.wav', fileSize: upload.length });
        expect(answer.code).toBe(200);
      }

      // 2. A transcription job, accepted and queued or running.
      const whole = await block('/prod-api/speech/audio/transcribe/uploadBlock', { chunk: short, end: '1', oriFileName: 'short.wav', fileSize: short.length });
      expect(whole.code).toBe(200);
      const recordId = whole.data[0].id as string;
      expect((await api('POST', '/speech/audio/transcribe/transwrite', { ids: [recordId], showName: 'Crash', audioLanguage: 'en-US' })).code).toBe(200);

      // 3. A live meeting with at least one accepted (final) subtitle, audio still flowing.
      const meeting = (await api('POST', '/speech/meeting/create', { name: 'Crash', recognitionLanguages: ['en-US'], translationLanguages: ['es-ES'] })).data;
      const wsUrl = (base: string) => `${base.replace(/^http/, 'ws')}/prod-api/ws/meeting/${meeting.id}?token=${token}`;
      const host = await LiveClient.open(wsUrl(server.url));
      await host.waitFor((m) => m.type === 'ready');
      host.send({ type: 'resume', lastSeq: 0 });
      host.send({ type: 'control', action: 'start' });
      await host.waitFor((m) => m.type === 'meeting.state' && m.state === 'in_progress');
      const speech = await twoSentences();
      await feed(host, framesOf(speech.samples), 0, 5, 25);
      const final = await host.waitFor((m) => m.type === 'subtitle.final' && Boolean(m.text), 90_000);
      // The host has seen the final: kill at once. A final is stored before it is published
      // (recording-session.ts), so what a client saw is already in the database.

      // kill -9 in the middle of all three.
      await kill9(server.child);
      host.close();

      server = await startServer(config);

      // Stored chunks: both still stored, the upload resumes at chunk 3 and finishes equal to the file.
      const resumed = await api('POST', '/speech/audio/transcribe/uploadInit', { oriFileName: 'long.wav', fileSize: upload.length, chunkSize: MB, uploadId });
      expect(resumed.data.receivedParts).toEqual([1, 2]);
      for (const part of [3, 4]) {
        const answer = await block(uploadUrls[part - 1]!, { uploadId, chunk: upload.subarray((part - 1) * MB, part * MB), end: part === 4 ? '1' : '0', oriFileName: 'long.wav', fileSize: upload.length });
        expect(answer.code, `chunk ${part}`).toBe(200);
      }
      const media = await db.selectFrom('media_files').selectAll().where('id', '=', uploadId).executeTakeFirstOrThrow();
      expect(media.size_bytes).toBe(upload.length);

      // The job: still there, and it finishes after the restart.
      const deadline = Date.now() + 90_000;
      let job = await db.selectFrom('jobs').selectAll().where('record_id', '=', recordId).executeTakeFirst();
      expect(job).toBeDefined();
      while (job && !['completed', 'failed'].includes(job.status) && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 250));
        job = await db.selectFrom('jobs').selectAll().where('record_id', '=', recordId).executeTakeFirst();
      }
      expect(job?.status).toBe('completed');

      // The accepted subtitle: stored, and sent again to a host that reconnects.
      const again = await LiveClient.open(wsUrl(server.url));
      await again.waitFor((m) => m.type === 'ready');
      again.send({ type: 'resume', lastSeq: 0 });
      const transcript = await again.waitFor((m) => m.type === 'transcript');
      again.close();
      const texts = JSON.stringify(transcript);
      expect(texts).toContain(String(final.segmentId));
      expect(texts).toContain(String(final.text));
      // Stored under the seq it was shown with — or, when its completion (speaker, translation: the
      // same final sent again) was stored before the kill, that later seq — so a host resuming from
      // just before it gets it again.
      const row = await meetingDb.selectFrom('meeting_segments').select(['seq', 'text']).where('segment_id', '=', String(final.segmentId)).executeTakeFirst();
      expect(row?.text).toBe(final.text);
      expect(row!.seq).toBeGreaterThanOrEqual(Number(final.seq));
      const resumed2 = await LiveClient.open(wsUrl(server.url));
      await resumed2.waitFor((m) => m.type === 'ready');
      resumed2.send({ type: 'resume', lastSeq: Number(final.seq) - 1 });
      const rest = await resumed2.waitFor((m) => m.type === 'transcript');
      resumed2.close();
      expect((rest.segments as { segmentId: string }[]).map((s) => s.segmentId)).toContain(String(final.segmentId));
      await db.destroy();
    } finally {
      if (server) await kill9(server.child).catch(() => undefined);
      await cleanup();
    }
  }, 240_000);
});
