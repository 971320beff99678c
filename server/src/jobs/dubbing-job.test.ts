// The dubbing job's own rules: removing the task stops a running dub with nothing left in storage
// and nothing reported; which failures are final; what a failed task stores (key, params, step).
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DubbingError } from '../domain/dubbing/pipeline';
import { makeTestVideo, type TestVideo } from '../testing/test-video';
import { dubChargePrefix, ensureTask, storedForm } from '../domain/dubbing/tasks/start-task';
import { grantToUserId } from '../domain/entitlements/grants';
import { uploadFileToBlob } from '../domain/dubbing/tasks/blob-files';
import { useRecordsTestApp } from '../testing/records-test-kit';
import { EngineError } from '../engines/engine-errors';
import { AppError } from '../errors';
import { containerOf, type BlobStore } from '../domain/storage/blob-store.port';
import { databaseVariants } from '../testing/database-variants';
import { dubbingJob, failureOf, isPermanentDubError } from './dubbing-job';

const [sqlite] = await databaseVariants();

describe('dubbing job', () => {
  const kit = useRecordsTestApp(sqlite!);
  let dir: string;
  let video: TestVideo;

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'parley-dub-job-test-'));
    video = await makeTestVideo(dir, [{ text: 'good morning everyone', speaker: 0 }], { durationMs: 5000, everyMs: 3000, leadMs: 1000 });
  }, 60_000);
  afterAll(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('stops when its task is removed while it runs, leaving no outputs and reporting nothing', async () => {
    const owner = await kit.signUp('cancel');
    const store = kit.app.services.blobStore;
    const container = containerOf(owner.user.id);
    const fileId = randomUUID();
    await uploadFileToBlob(store, container, 'talk.mp4', video.path);
    await kit.app.db
      .insertInto('dub_files')
      .values({ id: fileId, user_id: owner.user.id, container, blob_name: 'talk.mp4', ori_file_name: 'talk.mp4', size_bytes: 1, duration_ms: video.durationMs, folder_id: null, created_at: kit.clock.now().toISOString() })
      .execute();
    // Recognition path (no SRT): the run is long enough to be stopped in the middle.
    const taskId = await ensureTask({ db: kit.app.db, clock: kit.clock }, owner.user.id, { fileId, form: storedForm({ audioLanguage: 'en-US', translationLanguage: 'es-ES' }) });
    // The record goes as soon as the job has opened the video: the removal check (every 50 ms) stops the run.
    const removing: BlobStore = Object.create(store, {
      mediaInput: {
        value: async (c: string, b: string) => {
          const input = await store.mediaInput(c, b);
          await kit.app.db.deleteFrom('records').where('id', '=', taskId).execute();
          return input;
        },
      },
    });
    const { engines, i18n, entitlements } = kit.app.services;
    await grantToUserId(kit.app.db, kit.clock, owner.user.id, '5', 1);
    await entitlements.chargeNextAttempt(owner.user, { usage: 'dubbing', seconds: 5, keyPrefix: dubChargePrefix(taskId), recordId: taskId });
    const job = dubbingJob({ db: kit.app.db, clock: kit.clock, engines, store: removing, i18n, entitlements, removalCheckMs: 50 });
    const reported: number[] = [];
    await expect(
      job.run({ taskId, userId: owner.user.id, locale: 'en-US' }, { jobId: 'j', attempt: 1, reportProgress: async (p) => void reported.push(p), signal: new AbortController().signal }),
    ).resolves.toBeUndefined();
    expect((await store.listBlobs(container)).filter((name) => name.startsWith('dub/'))).toEqual([]);
    expect(await kit.app.db.selectFrom('record_segments').select('id').where('record_id', '=', taskId).execute()).toEqual([]);
    // Removed while running: the charge is given back.
    const ledger = await kit.app.db.selectFrom('ledger_entries').select(['kind', 'seconds']).where('user_id', '=', owner.user.id).where('usage', '=', 'dubbing').execute();
    expect(ledger.map((r) => [r.kind, r.seconds]).sort()).toEqual([['consumption', -5], ['refund', 5]]);
    // Stopped before any line was voiced (the dub step starts at 45%).
    expect(Math.max(0, ...reported)).toBeLessThan(45);
  }, 60_000);

  it('treats bad input as final and a broken step as worth one more attempt', () => {
    expect(isPermanentDubError(new DubbingError('engines:dubSrtBeyondVideo', 'lines', { line: 2 }))).toBe(true);
    expect(isPermanentDubError(new DubbingError('engines:dubStepFailed', 'mux', { step: 'mux', detail: 'x' }))).toBe(false);
    expect(isPermanentDubError(new AppError(404, 'uploads:dubFileNotFound'))).toBe(true);
    expect(isPermanentDubError(new EngineError('engine_unavailable', 'engines:noTts', {}))).toBe(true);
    expect(isPermanentDubError(new Error('socket hang up'))).toBe(false);
  });

  it('keeps the key, params and step of a failure, naming the running step for a plain error', () => {
    expect(failureOf(new DubbingError('engines:dubSrtTiming', 'lines', { line: 3 }), 'extract')).toEqual({ step: 'lines', key: 'engines:dubSrtTiming', params: { line: 3 } });
    expect(failureOf(new AppError(404, 'uploads:dubFileNotFound'), 'extract')).toEqual({ step: 'extract', key: 'uploads:dubFileNotFound', params: {} });
    expect(failureOf(new Error('disk full'), 'mix')).toEqual({ step: 'mix', key: 'engines:dubStepFailed', params: { step: 'mix', detail: 'disk full' } });
  });
});
