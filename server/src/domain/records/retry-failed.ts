// refreshRecord's write half: a record whose transcription or translation failed is given another
// go through the job queue, typically after the operator installed an engine or set ASR_URL /
// TRANSLATE_URL and restarted. Only the owner may retry; any other state is left alone (the call
// then only re-reads the record). The record changes state in one conditional update, so two quick
// retries queue one job.
import type { Kysely } from 'kysely';
import type { Locale } from '../../../../src/shared/contract/limits';
import type { Clock } from '../../clock';
import type { Database, RecordPipelineColumns, RecordRow } from '../../db/schema';
import { AppError } from '../../errors';
import type { JobQueue } from '../jobs/job-queue.port';
import { TRANSCRIBE_JOB, type TranscribePayload } from '../../jobs/transcription-job';
import { TRANSLATE_JOB, type TranslatePayload } from '../../jobs/translation-job';
import { startTranslation } from '../transcript/add-translation';
import { findOwnedRecord } from './record-access';

export type RetryOutcome = 'transcription' | 'translation' | 'nothing';

function firstOf(json: string): string | null {
  try {
    const list: unknown = JSON.parse(json);
    return Array.isArray(list) && typeof list[0] === 'string' ? list[0] : null;
  } catch {
    return null;
  }
}

/** The upload form the failed transcription ran with: the payload of its newest job. */
async function lastTranscribePayload(db: Kysely<Database>, recordId: string): Promise<TranscribePayload | null> {
  const job = await db
    .selectFrom('jobs')
    .select(['payload', 'status'])
    .where('record_id', '=', recordId)
    .where('kind', '=', TRANSCRIBE_JOB)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  // A job still pending or running will write the outcome itself.
  if (!job || job.status === 'pending' || job.status === 'running') return null;
  return JSON.parse(job.payload) as TranscribePayload;
}

/** Pays for a new transcription attempt (issue 11); throws the refusal when the balance does not cover it. */
export type ChargeRetry = (row: RecordRow) => Promise<void>;

async function retryTranscription(db: Kysely<Database>, clock: Clock, jobs: JobQueue, row: RecordRow, locale: Locale, chargeRetry?: ChargeRetry): Promise<RetryOutcome> {
  const payload = await lastTranscribePayload(db, row.id);
  const file = await db.selectFrom('media_files').select('id').where('id', '=', row.id).executeTakeFirst();
  if (!payload || !file) return 'nothing';
  const claimed = await db
    .withTables<{ records: RecordPipelineColumns }>()
    .updateTable('records')
    .set({ state: 'transcribing', progress: 0, error_message: null, updated_at: clock.now().toISOString() })
    .where('id', '=', row.id)
    .where('state', '=', 'transcription_err')
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return 'nothing';
  if (chargeRetry) {
    try {
      await chargeRetry(row);
    } catch (error) {
      // Not paid for: the record stays failed, as it was.
      await db.withTables<{ records: RecordPipelineColumns }>().updateTable('records').set({ state: 'transcription_err', progress: null }).where('id', '=', row.id).execute();
      throw error;
    }
  }
  // A failure this time is written in the language of the one who retried.
  await jobs.enqueue<TranscribePayload>(TRANSCRIBE_JOB, { ...payload, locale }, { recordId: row.id });
  return 'transcription';
}

async function retryTranslation(db: Kysely<Database>, clock: Clock, jobs: JobQueue, row: RecordRow, userId: string, locale: Locale): Promise<RetryOutcome> {
  const target = firstOf(row.target_languages);
  if (!target) return 'nothing';
  // startTranslation re-checks the state inside its transaction, so a retry racing another finds it busy.
  const taskId = await startTranslation(db, clock, { userId, id: row.id, translationLanguage: target, locale }).catch((error: unknown) => {
    if (error instanceof AppError) return null;
    throw error;
  });
  if (!taskId) return 'nothing';
  await jobs.enqueue<TranslatePayload>(TRANSLATE_JOB, { taskId }, { recordId: row.id });
  return 'translation';
}

export async function retryFailedStep(
  db: Kysely<Database>,
  clock: Clock,
  jobs: JobQueue,
  input: { userId: string; id: string; locale: Locale },
  chargeRetry?: ChargeRetry,
): Promise<RetryOutcome> {
  const row = await findOwnedRecord(db, input.userId, input.id);
  // A dubbing record's failure is its dub's: it is started again with the dubbing transwrite, not here.
  if (row.kind === 'dubbing') return 'nothing';
  if (row.state === 'transcription_err') return retryTranscription(db, clock, jobs, row, input.locale, chargeRetry);
  if (row.state === 'translation_err') return retryTranslation(db, clock, jobs, row, input.userId, input.locale);
  return 'nothing';
}
