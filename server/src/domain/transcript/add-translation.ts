// addTranslation: translate an already transcribed record later. The request only checks, marks
// the record 'translating' and queues a task row; the task translates every line with the engine
// the registry picks for the pair and ends in translation_completed, or translation_err with the
// engine's message (e.g. "no translation engine for zh-CN → en-US; set TRANSLATE_URL") written on
// the record in the requester's language.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Locale } from '../../../../src/shared/contract/limits';
import type { Clock } from '../../clock';
import type { Database, RecordRow } from '../../db/schema';
import { EngineError } from '../../engines/engine-errors';
import type { Engines } from '../../engines/registry';
import type { ServerT } from '../../i18n';
import { translate } from './translate';
import { findOwnedRecord } from '../records/record-access';
import { nothingStale, nothingToTranslate, recordBusy, sameLanguage } from './transcript-errors';
import type { TranscriptTables } from './transcript-tables';

// Lines per engine call: large enough to amortise a process start, small enough for a remote body limit.
const LINES_PER_CALL = 200;

const BUSY_STATES: ReadonlySet<RecordRow['state']> = new Set(['transcribing', 'translating']);

export function sourceLanguageOf(row: RecordRow): string | null {
  try {
    const list: unknown = JSON.parse(row.languages);
    return Array.isArray(list) && typeof list[0] === 'string' ? list[0] : null;
  } catch {
    return null;
  }
}

export async function startTranslation(
  db: Kysely<Database>,
  clock: Clock,
  input: { userId: string; id: string; translationLanguage: string; locale: Locale; refusePair?: (from: string, to: string) => void },
): Promise<string> {
  return db.transaction().execute(async (plain) => {
    const row = await findOwnedRecord(plain, input.userId, input.id);
    const trx = plain.withTables<TranscriptTables>();
    if (BUSY_STATES.has(row.state)) throw recordBusy();
    const from = sourceLanguageOf(row);
    if (!from) throw nothingToTranslate();
    if (from.toLowerCase() === input.translationLanguage.toLowerCase()) throw sameLanguage(from);
    // A pair no engine translates is refused before the record changes state or a task is written.
    input.refusePair?.(from, input.translationLanguage);
    const lines = await trx.selectFrom('record_segments').select((eb) => eb.fn.countAll<number | string>().as('n')).where('record_id', '=', row.id).executeTakeFirstOrThrow();
    if (Number(lines.n) === 0) throw nothingToTranslate();
    const now = clock.now().toISOString();
    await trx
      .updateTable('records')
      .set({ state: 'translating', target_languages: JSON.stringify([input.translationLanguage]), error_message: null, updated_at: now })
      .where('id', '=', row.id)
      .execute();
    const taskId = randomUUID();
    await trx
      .insertInto('translation_tasks')
      .values({ id: taskId, record_id: row.id, from_lang: from, to_lang: input.translationLanguage, locale: input.locale, status: 'queued', created_at: now, updated_at: now })
      .execute();
    return taskId;
  });
}

/**
 * retranslateLines: queues a translation task of the stale lines only (all of them, or those of
 * `lineIds` that are stale), into the record's translation language.
 */
export async function startRetranslation(
  db: Kysely<Database>,
  clock: Clock,
  input: { userId: string; id: string; lineIds?: string[] | undefined; locale: Locale },
): Promise<string> {
  return db.transaction().execute(async (plain) => {
    const row = await findOwnedRecord(plain, input.userId, input.id);
    const trx = plain.withTables<TranscriptTables>();
    if (BUSY_STATES.has(row.state)) throw recordBusy();
    const from = sourceLanguageOf(row);
    const to = firstTarget(row);
    if (!from || !to) throw nothingToTranslate();
    let query = plain.selectFrom('record_segments').select('id').where('record_id', '=', row.id).where('translation_stale', '=', 1);
    if (input.lineIds) query = query.where('id', 'in', [...new Set(input.lineIds)]);
    const stale = (await query.execute()).map((line) => line.id);
    if (stale.length === 0) throw nothingStale();
    const now = clock.now().toISOString();
    await trx.updateTable('records').set({ state: 'translating', error_message: null, updated_at: now }).where('id', '=', row.id).execute();
    const taskId = randomUUID();
    await trx
      .insertInto('translation_tasks')
      .values({ id: taskId, record_id: row.id, from_lang: from, to_lang: to, locale: input.locale, status: 'queued', line_ids: JSON.stringify(stale), created_at: now, updated_at: now })
      .execute();
    return taskId;
  });
}

function firstTarget(row: RecordRow): string | null {
  try {
    const list: unknown = JSON.parse(row.target_languages);
    return Array.isArray(list) && typeof list[0] === 'string' ? list[0] : null;
  } catch {
    return null;
  }
}

/** The failure as the requester reads it: an engine's own message, or a generic one with the detail. */
export function failureMessage(error: unknown, t: ServerT): string {
  if (error instanceof EngineError) return translate(t, error.key, error.params);
  return translate(t, 'transcripts:translationFailed');
}

export async function runTranslationTask(
  db: Kysely<Database>,
  clock: Clock,
  engines: Engines,
  translatorFor: (locale: string) => ServerT,
  taskId: string,
): Promise<void> {
  const tables = db.withTables<TranscriptTables>();
  const task = await tables.selectFrom('translation_tasks').selectAll().where('id', '=', taskId).executeTakeFirst();
  if (!task || task.status === 'done' || task.status === 'failed') return;
  const mark = (status: 'running' | 'done' | 'failed') =>
    tables.updateTable('translation_tasks').set({ status, updated_at: clock.now().toISOString() }).where('id', '=', taskId).execute();
  await mark('running');
  try {
    const translator = engines.translatorFor(task.from_lang, task.to_lang);
    // A retranslation names its lines; lines deleted since are simply not found.
    const only: string[] | null = task.line_ids ? (JSON.parse(task.line_ids) as string[]) : null;
    let query = db.selectFrom('record_segments').select(['id', 'text']).where('record_id', '=', task.record_id);
    if (only) query = query.where('id', 'in', only.length ? only : ['']);
    const segments = await query.orderBy('position').execute();
    for (let start = 0; start < segments.length; start += LINES_PER_CALL) {
      const batch = segments.slice(start, start + LINES_PER_CALL);
      const translated = await translator.translate(batch.map((s) => s.text), { from: task.from_lang, to: task.to_lang });
      await db.transaction().execute(async (trx) => {
        for (const [index, segment] of batch.entries()) {
          await trx.updateTable('record_segments').set({ translation: translated[index] ?? '', translation_stale: 0 }).where('id', '=', segment.id).execute();
        }
      });
    }
    await tables
      .updateTable('records')
      .set({ state: 'translation_completed', error_message: null, updated_at: clock.now().toISOString() })
      .where('id', '=', task.record_id)
      .execute();
    await mark('done');
  } catch (error) {
    const message = failureMessage(error, translatorFor(task.locale));
    await tables
      .updateTable('records')
      .set({ state: 'translation_err', error_message: message, updated_at: clock.now().toISOString() })
      .where('id', '=', task.record_id)
      .execute();
    await mark('failed');
    if (!(error instanceof EngineError)) throw error;
  }
}
