// The transcript calls as the handlers use them: line edits, speaker renames, merges, translation
// added later (in the background), language lists and read-aloud. Ownership is checked by the
// records domain's findOwnedRecord: another user's id answers the same 'not found' as a missing one.
import type { Kysely } from 'kysely';
import type { components } from '../../../../src/api/schema';
import type { Locale } from '../../../../src/shared/contract/limits';
import type { Clock } from '../../clock';
import type { Database } from '../../db/schema';
import { EngineError } from '../../engines/engine-errors';
import type { Engines } from '../../engines/registry';
import type { ServerI18n } from '../../i18n';
import { AppError } from '../../errors';
import { runTranslationTask, startTranslation } from './add-translation';
import { recognitionLanguages, synthesisLanguages, translationLanguages } from './language-lists';
import { TaskRunner } from './task-runner';
import { mergeLines, renameSpeaker, saveLines } from './transcript-edit';
import type { TranscriptTables } from './transcript-tables';
import type { ServerT } from '../../i18n';

type SubtitleLineInput = components['schemas']['SubtitleLineInput'];

export interface TranscriptsServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
  engines: Engines;
  i18n: ServerI18n;
  log: { error(payload: object, message: string): void };
}

/** An engine failure answered to the caller as a translated envelope message. */
export function engineErrorAnswer(error: unknown, fallbackKey: string): AppError {
  if (error instanceof EngineError) return new AppError(error.code === 'engine_unavailable' ? 503 : 500, error.key, { ...error.params });
  return new AppError(500, fallbackKey);
}

export function createTranscriptsService({ db, clock, engines, i18n, log }: TranscriptsServiceDeps) {
  const runner = new TaskRunner((error) => log.error({ err: error }, 'transcript task failed'));
  const translatorFor = (locale: string) => i18n.translatorFor((['zh-CN', 'zh-TW', 'en-US'].includes(locale) ? locale : 'en-US') as Locale);
  const queueTranslation = (taskId: string) => runner.enqueue(() => runTranslationTask(db, clock, engines, translatorFor, taskId));

  return {
    saveLines: (userId: string, id: string, lines: SubtitleLineInput[]) => saveLines(db, clock, userId, id, lines),
    renameSpeaker: (userId: string, input: { id: string; speaker: string; newSpeaker: string }) => renameSpeaker(db, clock, userId, input),
    mergeLines: (userId: string, input: { id: string; lineIds: string[]; speaker?: string }) => mergeLines(db, clock, userId, input),

    /** Starts the translation and answers at once; the record's state tells the client how it ends. */
    async addTranslation(userId: string, input: { id: string; translationLanguage: string }, locale: Locale): Promise<string> {
      const taskId = await startTranslation(db, clock, { userId, ...input, locale });
      queueTranslation(taskId);
      return taskId;
    },

    /** Re-queues tasks a previous process accepted but did not finish (called once at start). */
    async resumePending(): Promise<number> {
      const pending = await db
        .withTables<TranscriptTables>()
        .selectFrom('translation_tasks')
        .select('id')
        .where('status', 'in', ['queued', 'running'])
        .orderBy('created_at')
        .execute();
      for (const task of pending) queueTranslation(task.id);
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

    /** Waits until background tasks are done (tests) — never needed by request handling. */
    idle: () => runner.idle(),
    close: () => runner.close(),
  };
}

export type TranscriptsService = ReturnType<typeof createTranscriptsService>;
