// addTranslation's background half as a job of the shared queue: the payload names the
// translation_tasks row, whose status (queued → running → done | failed) and the record's state stay
// the record of what happened (runTranslationTask). One attempt: a failed translation is written on
// the record for the user to retry, not retried behind their back.
import type { Kysely } from 'kysely';
import type { Locale } from '../../../src/shared/contract/limits';
import type { Clock } from '../clock';
import type { Database } from '../db/schema';
import { runTranslationTask } from '../domain/transcript/add-translation';
import type { Engines } from '../engines/registry';
import type { ServerI18n } from '../i18n';
import type { JobDefinition } from '../domain/jobs/job-queue.port';

export const TRANSLATE_JOB = 'translate-record';

export interface TranslatePayload {
  taskId: string;
}

export interface TranslationJobDeps {
  db: Kysely<Database>;
  clock: Clock;
  engines: Engines;
  i18n: ServerI18n;
}

export function translationJob({ db, clock, engines, i18n }: TranslationJobDeps): JobDefinition<TranslatePayload> {
  const translatorFor = (locale: string) => i18n.translatorFor((['zh-CN', 'zh-TW', 'en-US'].includes(locale) ? locale : 'en-US') as Locale);
  return {
    kind: TRANSLATE_JOB,
    maxAttempts: 1,
    run: ({ taskId }) => runTranslationTask(db, clock, engines, translatorFor, taskId),
  };
}
