// The dubbing pipeline as one queued job (issue 12 §4): the uploaded video is read where it lies in
// the blob store (mediaInput: no copy), the SRT attachment is read from the owner's container, and
// runDubbing works in a temp directory that is removed whatever happens. Progress moves the task
// through translating → translated → dubbing → dubbed (or failed, with the step and a translated
// key), and the records list sees the same run as its own states. The results become the task's
// lines (record_segments), speakers, per-line takes and iteration 1, whose files are uploaded under
// dubOutputPrefix and kept DUB_OUTPUT_RETENTION_DAYS. Removing the task stops the run.
//
// This file runs the steps; progress (dubbing-job-progress), the files in the blob store
// (dubbing-job-files), writing the results (dubbing-job-persist) and judging failures
// (dubbing-job-failure) are their own files.
import type { Kysely } from 'kysely';
import type { Clock } from '../clock';
import type { Database, RecordPipelineColumns } from '../db/schema';
import { runDubbing, type DubResult } from '../domain/dubbing/pipeline';
import { dubOutputPrefix } from '../domain/dubbing/outputs';
import { deleteBlobs, outputBlobs } from '../domain/dubbing/tasks/blob-files';
import { DUB_JOB, type DubJobPayload } from '../domain/dubbing/tasks/dub-job-kind';
import { parseStoredForm, refundDubbing } from '../domain/dubbing/tasks/start-task';
import type { Entitlements } from '../domain/entitlements/entitlements-service';
import type { VocabularyInForce } from '../domain/vocabulary/vocabulary-in-force';
import type { Engines } from '../engines/registry';
import { withTempDir } from '../engines/temp-dir';
import { AppError } from '../errors';
import type { ServerI18n } from '../i18n';
import { containerOf, type BlobStore } from '../domain/storage/blob-store.port';
import { failureOf, isPermanentDubError } from './dubbing-job-failure';
import { readSrtAttachment, uploadOutputs } from './dubbing-job-files';
import { persistDubResult } from './dubbing-job-persist';
import { createDubProgress, taskWriter } from './dubbing-job-progress';
import type { JobDefinition } from '../domain/jobs/job-queue.port';

export { DUB_JOB, type DubJobPayload };
export { failureOf, isPermanentDubError };

export interface DubbingJobDeps {
  db: Kysely<Database>;
  clock: Clock;
  engines: Pick<Engines, 'recognizerFor' | 'translatorFor' | 'synthesizerFor' | 'diarizer'>;
  store: BlobStore;
  i18n: ServerI18n;
  entitlements?: Entitlements;
  vocabulary?: VocabularyInForce;
  /** How often a running job looks whether its task was removed (ms). */
  removalCheckMs?: number;
}

export function dubbingJob(deps: DubbingJobDeps): JobDefinition<DubJobPayload> {
  const { db, clock, engines, store, i18n, entitlements, vocabulary: inForce } = deps;
  const records = db.withTables<{ records: RecordPipelineColumns }>();
  const setTask = taskWriter(db, clock);

  const taskExists = async (taskId: string) => (await db.selectFrom('dub_tasks').select('id').where('id', '=', taskId).executeTakeFirst()) !== undefined;

  /** The task was removed while it ran: the user gets nothing, so pays nothing. */
  async function stopped(taskId: string) {
    if (entitlements) await refundDubbing(db, entitlements, taskId);
  }

  return {
    kind: DUB_JOB,
    isPermanent: isPermanentDubError,
    async run(payload, { signal, reportProgress }) {
      const task = await db.selectFrom('dub_tasks').selectAll().where('id', '=', payload.taskId).executeTakeFirst();
      if (!task) return; // removed before it ran
      const file = task.file_id ? await db.selectFrom('dub_files').selectAll().where('id', '=', task.file_id).executeTakeFirst() : undefined;
      if (!file) throw new AppError(404, 'uploads:dubFileNotFound');
      const form = parseStoredForm(task.form);
      const lang = form.translationLanguage;
      const container = containerOf(payload.userId);

      // The queue's signal stops the run on shutdown; removal of the task stops it too.
      const controller = new AbortController();
      const stop = () => controller.abort();
      signal.addEventListener('abort', stop, { once: true });
      const watcher = setInterval(() => {
        taskExists(payload.taskId).then((exists) => (exists ? undefined : controller.abort()), () => undefined);
      }, deps.removalCheckMs ?? 2_000);

      const progress = createDubProgress(payload.taskId, setTask, reportProgress);

      try {
        await progress.start();
        const vocabulary = (await inForce?.forUpload(payload.userId)) ?? null;
        const srt = await readSrtAttachment(store, container, form);
        const videoPath = await store.mediaInput(file.container, file.blob_name);
        const prefix = dubOutputPrefix(task.id, lang, 1);

        const { result, outputs } = await withTempDir('dubbing', async (workDir) => {
          const result: DubResult = await runDubbing(
            {
              videoPath,
              workDir,
              form: {
                sourceLanguage: form.audioLanguage,
                targetLanguage: lang,
                speakers: form.speakers,
                ...(form.exportSubtitleInVideo
                  ? { burnIn: { fontSize: form.subtitleFontSize, charsPerSegment: form.subtitleMaxCharCountPerSegment, color: form.subtitlePrimaryColor, backgroundColor: form.subtitleOutlineColor } }
                  : {}),
              },
              ...(srt ? { srt } : {}),
              vocabulary,
              signal: controller.signal,
            },
            { engines, onProgress: progress.onProgress },
          );
          await progress.settled();
          if (controller.signal.aborted) return { result, outputs: null };
          return { result, outputs: await uploadOutputs(store, container, prefix, result) };
        });
        await progress.settled();
        if (!outputs || !(await taskExists(task.id))) {
          if (outputs) await deleteBlobs(store, container, outputBlobs(outputs));
          await stopped(payload.taskId);
          return;
        }
        try {
          await persistDubResult({ db, clock, i18n }, task.id, payload, lang, file.duration_ms, result, outputs);
        } catch (error) {
          await deleteBlobs(store, container, outputBlobs(outputs));
          throw error;
        }
      } catch (error) {
        await progress.settled().catch(() => undefined);
        // Stopped because the task was removed: nothing to report, nothing left behind.
        if (controller.signal.aborted && !signal.aborted && !(await taskExists(payload.taskId))) {
          await stopped(payload.taskId);
          return;
        }
        // onFailed names the step that was running when a plain error (not a DubbingError) ended the run.
        if (error instanceof Error) (error as Error & { dubStep?: string | null }).dubStep ??= progress.lastStep();
        throw error;
      } finally {
        clearInterval(watcher);
        signal.removeEventListener('abort', stop);
      }
    },
    async onFailed(payload, error) {
      // The user does not pay for a dub that failed (nor for one removed while it ran).
      if (entitlements) await refundDubbing(db, entitlements, payload.taskId);
      if (!(await taskExists(payload.taskId))) return;
      const failure = failureOf(error, (error as { dubStep?: string | null } | null)?.dubStep ?? null);
      await setTask(payload.taskId, { state: 'failed', step: failure.step, progress: null, overall: null });
      await db.updateTable('dub_tasks').set({ error_key: failure.key, error_params: JSON.stringify(failure.params) }).where('id', '=', payload.taskId).execute();
      const t = i18n.translatorFor(payload.locale) as unknown as (key: string, params?: Record<string, unknown>) => string;
      await records.updateTable('records').set({ error_message: t(failure.key, failure.params) }).where('id', '=', payload.taskId).execute();
    },
  };
}
