// The transcript calls as the handlers use them: line edits, speaker renames, merges, translation
// added later (in the background), language lists and read-aloud. Ownership is checked by the
// records domain's findOwnedRecord: another user's id answers the same 'not found' as a missing one.
import type { Kysely } from 'kysely';
import type { Locale } from '../../../../src/shared/contract/limits';
import type { SubtitleLineInput } from '../../../../src/shared/contract/transcript';
import type { Clock } from '../../clock';
import type { Database } from '../../db/schema';
import { EngineError } from '../../engines/engine-errors';
import type { Engines } from '../../engines/registry';
import type { ServerI18n } from '../../i18n';
import { AppError } from '../../errors';
import type { JobQueue } from '../jobs/job-queue.port';
import { TRANSLATE_JOB, translationJob, type TranslatePayload } from '../../jobs/translation-job';
import { retryFailedStep, type ChargeRetry } from '../records/retry-failed';
import { startRetranslation, startTranslation } from './add-translation';
import { recognitionLanguages, synthesisLanguages, translationLanguages } from './language-lists';
import { refuseWithoutEngines } from '../records/engine-refusals';
import { mergeLines, renameSpeaker, saveLines } from './transcript-edit';
import type { TranscriptTables } from './transcript-tables';
import type { ServerT } from '../../i18n';

export interface TranscriptServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
  engines: Engines;
  i18n: ServerI18n;
  /** The shared background queue; translations added later run there as TRANSLATE_JOB. */
  jobs: JobQueue;
}

/** An engine failure answered to the caller as a translated envelope message. */
export function engineErrorAnswer(error: unknown, fallbackKey: string): AppError {
  if (error instanceof EngineError) return new AppError(error.code === 'engine_unavailable' || error.code === 'engine_missing' ? 503 : 500, error.key, { ...error.params });
  return new AppError(500, fallbackKey);
}

export function createTranscriptService({ db, clock, engines, i18n, jobs }: TranscriptServiceDeps) {
  jobs.define(translationJob({ db, clock, engines, i18n }));
  const queueTranslation = (taskId: string, recordId: string) =>
    jobs.enqueue<TranslatePayload>(TRANSLATE_JOB, { taskId }, { recordId });

  return {
    saveLines: (userId: string, id: string, lines: SubtitleLineInput[]) => saveLines(db, clock, userId, id, lines),
    renameSpeaker: (userId: string, input: { id: string; speaker: string; newSpeaker: string }) => renameSpeaker(db, clock, userId, input),
    mergeLines: (userId: string, input: { id: string; lineIds: string[]; speaker?: string }) => mergeLines(db, clock, userId, input),

    /** Starts the translation and answers at once; the record's state tells the client how it ends. */
    async addTranslation(userId: string, input: { id: string; translationLanguage: string }, locale: Locale): Promise<string> {
      const refusePair = (from: string, to: string) => refuseWithoutEngines(engines, { translate: [{ from, to }] });
      const taskId = await startTranslation(db, clock, { userId, ...input, locale, refusePair });
      await queueTranslation(taskId, input.id);
      return taskId;
    },

    /** Translates the stale lines again (all, or those named); answers at once like addTranslation. */
    async retranslateLines(userId: string, input: { id: string; lineIds?: string[] | undefined }, locale: Locale): Promise<string> {
      const taskId = await startRetranslation(db, clock, { userId, ...input, locale });
      await queueTranslation(taskId, input.id);
      return taskId;
    },

    /** refreshRecord: re-queues a failed transcription or translation of an owned record. */
    retryFailed: (userId: string, id: string, locale: Locale, chargeRetry?: ChargeRetry) => retryFailedStep(db, clock, jobs, { userId, id, locale }, chargeRetry),

    /**
     * Queues unfinished tasks that no pending or running job carries (rows written before translations
     * ran on the job queue, or a job row lost); the queue itself resumes its own rows at start.
     */
    async resumePending(): Promise<number> {
      const pending = await db
        .withTables<TranscriptTables>()
        .selectFrom('translation_tasks')
        .select(['id', 'record_id'])
        .where('status', 'in', ['queued', 'running'])
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('jobs')
                .select('jobs.id')
                .where('jobs.kind', '=', TRANSLATE_JOB)
                .where('jobs.status', 'in', ['pending', 'running'])
                .whereRef('jobs.record_id', '=', 'translation_tasks.record_id'),
            ),
          ),
        )
        .orderBy('created_at')
        .execute();
      for (const task of pending) await queueTranslation(task.id, task.record_id);
      return pending.length;
    },

    languageLists(locale: Locale, t: ServerT) {
      return { transcribeLanguage: recognitionLanguages(engines, locale, t), translation: translationLanguages(engines, locale, t) };
    },
    translationTargets: (locale: Locale, t: ServerT) => translationLanguages(engines, locale, t),
    synthesisLanguages: (locale: Locale, t: ServerT) => synthesisLanguages(engines, locale, t),

    /** Read-aloud: a complete WAV file. */
    async synthesize(text: string, lang: string, voice: string | undefined): Promise<Buffer> {
      try {
        return await engines.synthesizerFor(lang).synthesize(text, { language: lang, ...(voice ? { voice } : {}) });
      } catch (error) {
        throw engineErrorAnswer(error, 'transcripts:synthesisFailed');
      }
    },

    /** Waits until background jobs are done (tests) — never needed by request handling. */
    idle: () => jobs.whenIdle(),
  };
}

export type TranscriptService = ReturnType<typeof createTranscriptService>;
