// dubbingGetFileDataContentPageList: one page of a task's lines in order, in the language asked for
// (default the task's translation language). Speakers and takes are read for the page only, so a
// 5,000-line task answers a page with three small queries.
import type { Kysely } from 'kysely';
import { DUB_LINES_PAGE_MAX } from '../../../../../src/shared/contract/dub-limits';
import type { Database, DubLineTakeRow, DubSpeakerRow } from '../../../db/schema';
import { dubLanguageOf, findOwnedDubTask, taskSpeakers } from '../task-access';
import { toDubLine, type SubtitleLine } from './line-view';

export interface LinesPageInput {
  id: string;
  lang?: string | undefined;
  pageNum?: number | undefined;
  pageSize?: number | undefined;
}

/** The task's speakers by id. */
export async function speakersOf(db: Kysely<Database>, taskId: string): Promise<Map<string, DubSpeakerRow>> {
  return new Map((await taskSpeakers(db, taskId)).map((row) => [row.id, row]));
}

export async function takesOf(db: Kysely<Database>, taskId: string, lang: string, segmentIds?: string[]): Promise<Map<string, DubLineTakeRow>> {
  const query = () => db.selectFrom('dub_line_takes').selectAll().where('task_id', '=', taskId).where('lang', '=', lang);
  if (!segmentIds) return new Map((await query().execute()).map((row) => [row.segment_id, row]));
  const takes = new Map<string, DubLineTakeRow>();
  // In batches, so the bound parameters of `in (...)` stay under SQLite's limit.
  for (let start = 0; start < segmentIds.length; start += 500) {
    for (const row of await query().where('segment_id', 'in', segmentIds.slice(start, start + 500)).execute()) takes.set(row.segment_id, row);
  }
  return takes;
}

export async function readLinesPage(db: Kysely<Database>, userId: string, input: LinesPageInput): Promise<{ total: number; rows: SubtitleLine[] }> {
  const task = await findOwnedDubTask(db, userId, input.id);
  const own = dubLanguageOf(task);
  const lang = input.lang ?? own;
  const pageSize = Math.min(DUB_LINES_PAGE_MAX, Math.max(1, input.pageSize ?? 200));
  const pageNum = Math.max(1, input.pageNum ?? 1);
  const counted = await db.selectFrom('record_segments').select((eb) => eb.fn.countAll<number | string>().as('n')).where('record_id', '=', task.id).executeTakeFirstOrThrow();
  const segments = await db
    .selectFrom('record_segments')
    .selectAll()
    .where('record_id', '=', task.id)
    .orderBy('position')
    .limit(pageSize)
    .offset((pageNum - 1) * pageSize)
    .execute();
  const speakers = await speakersOf(db, task.id);
  const takes = await takesOf(db, task.id, lang, segments.map((s) => s.id));
  const context = { ownLanguage: lang.toLowerCase() === own.toLowerCase(), speakers, takes };
  return { total: Number(counted.n), rows: segments.map((segment) => toDubLine(segment, context)) };
}
