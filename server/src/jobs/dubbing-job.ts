// The dubbing pipeline as one queued job (issue 12 §4): the uploaded video is read where it lies in
// the blob store (mediaInput: no copy), the SRT attachment is read from the owner's container, and
// runDubbing works in a temp directory that is removed whatever happens. Progress moves the task
// through translating → translated → dubbing → dubbed (or failed, with the step and a translated
// key), and the records list sees the same run as its own states. The results become the task's
// lines (record_segments), speakers, per-line takes and iteration 1, whose files are uploaded under
// dubOutputPrefix and kept DUB_OUTPUT_RETENTION_DAYS. Removing the task stops the run.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { DUB_OUTPUT_RETENTION_DAYS, DUB_SRT_MAX_BYTES } from '../../../src/shared/contract/dub-limits';
import type { Clock } from '../clock';
import type { Database, DubTaskState, RecordPipelineColumns, RecordState } from '../db/schema';
import { runDubbing, DubbingError, type DubProgressStep, type DubResult } from '../domain/dubbing/pipeline';
import { dubOutputPrefix, type DubOutputs } from '../domain/dubbing/outputs';
import { deleteBlobs, outputBlobs, uploadFileToBlob } from '../domain/dubbing/tasks/blob-files';
import { DUB_JOB, type DubJobPayload } from '../domain/dubbing/tasks/dub-job-kind';
import { parseStoredForm, refundDubbing } from '../domain/dubbing/tasks/start-task';
import { overallPercent, RECORD_STATE_OF } from '../domain/dubbing/tasks/task-view';
import { voicedKey } from '../domain/dubbing/voiced-key';
import type { Entitlements } from '../domain/entitlements/entitlements-service';
import { segmentRows } from '../domain/records/create-record';
import type { VocabularyInForce } from '../domain/vocabulary/vocabulary-in-force';
import { EngineError } from '../engines/engine-errors';
import type { Engines } from '../engines/registry';
import { withTempDir } from '../engines/temp-dir';
import { AppError } from '../errors';
import type { ServerI18n } from '../i18n';
import { containerOf, type BlobStore } from '../domain/storage/blob-store.port';
import type { JobDefinition } from '../domain/jobs/job-queue.port';

export { DUB_JOB, type DubJobPayload };

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

const DAY_MS = 86_400_000;
const INSERT_BATCH = 200;

/** Errors a second attempt cannot fix: a bad SRT, a video without audio or speech, a missing engine. */
export function isPermanentDubError(error: unknown): boolean {
  if (error instanceof DubbingError) return error.key !== 'engines:dubStepFailed';
  if (error instanceof AppError) return true;
  return error instanceof EngineError && (error.code === 'engine_unavailable' || error.code === 'invalid_media');
}

/** The key and params a failed task keeps (translated whenever it is read). */
export function failureOf(error: unknown, lastStep: string | null): { step: string | null; key: string; params: Record<string, unknown> } {
  if (error instanceof DubbingError) return { step: error.step, key: error.key, params: { ...error.params } };
  if (error instanceof AppError) return { step: lastStep, key: error.messageKey, params: error.params };
  const detail = error instanceof Error ? error.message.slice(0, 300) : String(error);
  return { step: lastStep, key: 'engines:dubStepFailed', params: { step: lastStep ?? 'extract', detail } };
}

async function readCapped(stream: NodeJS.ReadableStream, cap: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > cap) throw new AppError(400, 'uploads:dubSrtTooLarge', { size: `${cap / 1024 / 1024} MB` });
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

export function dubbingJob(deps: DubbingJobDeps): JobDefinition<DubJobPayload> {
  const { db, clock, engines, store, i18n, entitlements, vocabulary: inForce } = deps;
  const records = db.withTables<{ records: RecordPipelineColumns }>();
  const now = () => clock.now().toISOString();

  const taskExists = async (taskId: string) => (await db.selectFrom('dub_tasks').select('id').where('id', '=', taskId).executeTakeFirst()) !== undefined;

  async function setTask(taskId: string, values: { state?: DubTaskState; step?: string | null; progress?: number | null; overall?: number | null }) {
    const { overall, ...task } = values;
    await db.updateTable('dub_tasks').set({ ...task, updated_at: now() }).where('id', '=', taskId).execute();
    const record: Partial<RecordPipelineColumns> & { state?: RecordState; updated_at: string } = { updated_at: now() };
    if (values.state) record.state = RECORD_STATE_OF[values.state];
    if (overall !== undefined) record.progress = overall;
    await records.updateTable('records').set(record).where('id', '=', taskId).execute();
  }

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

      // Progress callbacks are synchronous: their writes are chained and awaited before the results.
      let writes: Promise<unknown> = Promise.resolve();
      let state: DubTaskState = 'translating';
      let lastStep: string | null = null;
      let lastPercent = -1;
      const onProgress = (step: DubProgressStep, fraction: number) => {
        const overall = overallPercent(step, fraction);
        const percent = Math.round(Math.max(0, Math.min(1, fraction)) * 100);
        let next = state;
        if (step === 'translate' && fraction >= 1) next = 'translated';
        else if (step === 'dub' || step === 'mix' || step === 'burnIn') next = 'dubbing';
        if (next === state && step === lastStep && percent === lastPercent) return;
        const changedState = next !== state;
        state = next;
        lastStep = step;
        lastPercent = percent;
        writes = writes.then(async () => {
          await setTask(payload.taskId, { ...(changedState ? { state: next } : {}), step, progress: percent, overall });
          await reportProgress(overall);
        });
      };

      try {
        await setTask(payload.taskId, { state: 'translating', step: 'extract', progress: 0, overall: 0 });
        lastStep = 'extract';
        const vocabulary = (await inForce?.forUpload(payload.userId)) ?? null;
        let srt: { bytes: Uint8Array; type: 1 | 2 | 3 } | undefined;
        if (form.srtUrl) {
          const located = store.locate(form.srtUrl);
          if (!located || located.container !== container) throw new AppError(403, 'uploads:dubSrtNotYours');
          srt = { bytes: await readCapped(await store.readStream(container, located.blob), DUB_SRT_MAX_BYTES), type: form.srtFileType ?? 1 };
        }
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
            { engines, onProgress },
          );
          await writes;
          if (controller.signal.aborted) return { result, outputs: null };
          const outputs: DubOutputs = {
            video: `${prefix}/video.mp4`,
            dubbedAudio: `${prefix}/dubbed-audio.m4a`,
            dubbedSpeech: `${prefix}/dubbed-speech.m4a`,
            perSpeaker: result.files.perSpeaker.map((p) => ({ speaker: p.speaker, blob: `${prefix}/speaker-${p.speaker + 1}.m4a` })),
            srt: { source: `${prefix}/source.srt`, translation: `${prefix}/translation.srt`, bilingual: `${prefix}/bilingual.srt` },
          };
          const uploads: [string, string][] = [
            [outputs.video, result.files.video],
            [outputs.dubbedAudio, result.files.dubbedAudio],
            [outputs.dubbedSpeech, result.files.dubbedSpeech],
            ...result.files.perSpeaker.map((p, i): [string, string] => [outputs.perSpeaker[i]!.blob, p.path]),
            [outputs.srt.source, result.files.srt.source],
            [outputs.srt.translation, result.files.srt.translation],
            [outputs.srt.bilingual, result.files.srt.bilingual],
          ];
          for (const [blob, localPath] of uploads) await uploadFileToBlob(store, container, blob, localPath);
          return { result, outputs };
        });
        await writes;
        if (!outputs || !(await taskExists(task.id))) {
          if (outputs) await deleteBlobs(store, container, outputBlobs(outputs));
          await stopped(payload.taskId);
          return;
        }
        try {
          await persist(task.id, payload, lang, file.duration_ms, result, outputs);
        } catch (error) {
          await deleteBlobs(store, container, outputBlobs(outputs));
          throw error;
        }
      } catch (error) {
        await writes.catch(() => undefined);
        // Stopped because the task was removed: nothing to report, nothing left behind.
        if (controller.signal.aborted && !signal.aborted && !(await taskExists(payload.taskId))) {
          await stopped(payload.taskId);
          return;
        }
        // onFailed names the step that was running when a plain error (not a DubbingError) ended the run.
        if (error instanceof Error) (error as Error & { dubStep?: string | null }).dubStep ??= lastStep;
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

  async function persist(taskId: string, payload: DubJobPayload, lang: string, durationMs: number, result: DubResult, outputs: DubOutputs): Promise<void> {
    const t = i18n.translatorFor(payload.locale) as unknown as (key: string, params?: Record<string, unknown>) => string;
    const at = now();
    const speakers = result.speakers.map((s) => ({
      id: randomUUID(),
      task_id: taskId,
      number: s.id,
      name: t('uploads:speakerName', { number: s.id + 1 }),
      voice: s.voice,
      pitch: s.pitch,
      rate: s.rate,
      gender: s.gender,
      source_pitch_hz: s.sourcePitchHz,
    }));
    const speakerOf = new Map(result.speakers.map((s, i) => [s.id, { row: speakers[i]!, voice: s }]));
    const segments = segmentRows(
      taskId,
      result.lines.map((l) => ({ startMs: l.startMs, endMs: l.endMs, speaker: speakerOf.get(l.speaker)?.row.name ?? null, text: l.source, translation: l.translation })),
    ).map((row, i) => ({ ...row, speaker_id: speakerOf.get(result.lines[i]!.speaker)?.row.id ?? null }));
    const takes = segments.map((segment, i) => {
      const line = result.lines[i]!;
      const voice = speakerOf.get(line.speaker)?.voice;
      return {
        segment_id: segment.id,
        task_id: taskId,
        lang,
        translation: null,
        dub_start_ms: line.dubStartMs,
        dub_end_ms: line.dubEndMs,
        rate: line.rate,
        stretch: line.stretch,
        overrun_ms: line.overrunMs,
        voiced_key: voice ? voicedKey({ startMs: line.startMs, endMs: line.endMs, text: line.translation, voice: voice.voice, pitch: voice.pitch, rate: voice.rate }) : null,
        clip: null,
      };
    });
    const expireAt = new Date(clock.now().getTime() + DUB_OUTPUT_RETENTION_DAYS * DAY_MS).toISOString();
    await db.transaction().execute(async (trx) => {
      // A retried run starts over: what an earlier attempt wrote is replaced, never doubled.
      await trx.deleteFrom('dub_line_takes').where('task_id', '=', taskId).execute();
      await trx.deleteFrom('record_segments').where('record_id', '=', taskId).execute();
      await trx.deleteFrom('dub_iterations').where('task_id', '=', taskId).execute();
      await trx.deleteFrom('dub_speakers').where('task_id', '=', taskId).execute();
      if (speakers.length) await trx.insertInto('dub_speakers').values(speakers).execute();
      for (let i = 0; i < segments.length; i += INSERT_BATCH) await trx.insertInto('record_segments').values(segments.slice(i, i + INSERT_BATCH)).execute();
      for (let i = 0; i < takes.length; i += INSERT_BATCH) await trx.insertInto('dub_line_takes').values(takes.slice(i, i + INSERT_BATCH)).execute();
      await trx
        .insertInto('dub_iterations')
        .values({ id: randomUUID(), task_id: taskId, number: 1, lang, state: 'dubbed', charged_seconds: durationMs / 1000, error_key: null, outputs: JSON.stringify(outputs), created_at: at, updated_at: at })
        .execute();
      await trx
        .updateTable('dub_tasks')
        .set({ state: 'dubbed', step: null, progress: null, error_key: null, error_params: null, background: result.background, expire_at: expireAt, expired_at: null, updated_at: at })
        .where('id', '=', taskId)
        .execute();
      await trx
        .withTables<{ records: RecordPipelineColumns }>()
        .updateTable('records')
        .set({ state: RECORD_STATE_OF.dubbed, progress: null, error_message: null, duration_ms: result.durationMs, audio_duration_ms: result.durationMs, updated_at: at })
        .where('id', '=', taskId)
        .execute();
    });
  }
}
