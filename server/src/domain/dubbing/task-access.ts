// One way to reach a dubbing task for every area (lines, voice-over, downloads, peaks): the caller's
// own dubbing task, or 'the record does not exist' — the same answer for a missing id
// and for another user's id, so task ids cannot be probed. Writes hold the task for the whole
// transaction: PostgreSQL locks the task row FOR UPDATE; SQLite runs one transaction at a time on
// its single connection. Two saves of the same task therefore never interleave.
import { PostgresAdapter, type Kysely, type Transaction } from 'kysely';
import type { Database, DubSpeakerRow, DubTaskRow } from '../../db/schema';
import { recordNotFound } from '../records/record-errors';

export async function findOwnedDubTask(db: Kysely<Database>, userId: string, id: string): Promise<DubTaskRow> {
  const task = await db.selectFrom('dub_tasks').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (!task) throw recordNotFound();
  return task;
}

export async function withDubTaskLocked<T>(
  db: Kysely<Database>,
  userId: string,
  id: string,
  work: (trx: Transaction<Database>, task: DubTaskRow) => Promise<T>,
): Promise<T> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  return db.transaction().execute(async (trx) => {
    let query = trx.selectFrom('dub_tasks').selectAll().where('id', '=', id).where('user_id', '=', userId);
    if (postgres) query = query.forUpdate();
    const task = await query.executeTakeFirst();
    if (!task) throw recordNotFound();
    return work(trx, task);
  });
}

/** The task's speakers in their numbering order (the caller has already checked the owner). */
export async function taskSpeakers(db: Kysely<Database>, taskId: string): Promise<DubSpeakerRow[]> {
  return db.selectFrom('dub_speakers').selectAll().where('task_id', '=', taskId).orderBy('number').execute();
}

/** The language the task dubs into; lines' record_segments.translation is in this language. */
export function dubLanguageOf(task: Pick<DubTaskRow, 'translation_language' | 'audio_language'>): string {
  return task.translation_language ?? task.audio_language;
}
