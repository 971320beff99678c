// dubbingEdits: replaces a task's lines with the edited list, in one transaction holding the task.
//
// Unlike the transcript editor (which deletes and re-inserts), a line that keeps its id keeps its
// record_segments row: it is updated in place, new lines are inserted, removed lines deleted (their
// dub_line_takes go with them). A take therefore survives an edit and the voice-over re-voices only
// the lines whose take no longer matches (line-view.ts needsRevoice). A line names its speaker by
// speakerId; the segment's speaker column is kept equal to that speaker's name so the transcript
// tools (search, export) read the same name. The `speaker` name sent with a line is not used: names
// belong to the task's speakers and change through editSpeaker.
import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { RECORD_TITLE_MAX } from '../../../../../src/shared/contract/limits';
import { translationStaleAfterEdit } from '../../../../../src/shared/contract/transcript';
import type { Clock } from '../../../clock';
import type { Database, DubTaskRow, NewRecordSegment, RecordSegmentRow } from '../../../db/schema';
import { insertSegments } from '../../records/create-record';
import { checkDisplayName } from '../../records/display-name';
import { titleProblem } from '../../records/record-errors';
import { dubTaskBusy } from './line-errors';
import { checkDubLines, type SubtitleLineInput } from './line-rules';
import { speakersOf } from './read-lines';
import { withDubTaskLocked } from '../task-access';

export interface SaveDubLinesInput {
  id: string;
  showName?: string | undefined;
  lines: SubtitleLineInput[];
}

export interface SaveDubLinesResult {
  kept: number;
  inserted: number;
  deleted: number;
}

/** Bound parameters stay under SQLite's limit in `in (...)` lists. */
const ID_BATCH = 500;

/** The video length lines must fit in: the uploaded file's, else what the record knows. */
export async function videoDurationOf(db: Kysely<Database>, task: DubTaskRow): Promise<number | null> {
  if (task.file_id) {
    const file = await db.selectFrom('dub_files').select('duration_ms').where('id', '=', task.file_id).executeTakeFirst();
    if (file) return Number(file.duration_ms);
  }
  const record = await db.selectFrom('records').select(['duration_ms', 'audio_duration_ms']).where('id', '=', task.id).executeTakeFirst();
  return record?.duration_ms ?? record?.audio_duration_ms ?? null;
}

/** A task whose lines the pipeline is still writing cannot be edited (the job would overwrite them). */
export function assertEditable(task: DubTaskRow): void {
  if (task.state === 'translating') throw dubTaskBusy();
}

async function deleteSegments(trx: Transaction<Database>, ids: string[]): Promise<void> {
  for (let start = 0; start < ids.length; start += ID_BATCH) {
    const batch = ids.slice(start, start + ID_BATCH);
    // Explicit, not only by the foreign key's cascade, so it holds whatever the database's FK setting.
    await trx.deleteFrom('dub_line_takes').where('segment_id', 'in', batch).execute();
    await trx.deleteFrom('record_segments').where('id', 'in', batch).execute();
  }
}

type SegmentValues = Omit<RecordSegmentRow, 'translation_stale'> & { translation_stale: number };

/** What differs besides the position (a line moved by an insert or delete above it only moves). */
function contentChanged(before: RecordSegmentRow, after: SegmentValues): boolean {
  return (
    before.start_ms !== after.start_ms ||
    before.end_ms !== after.end_ms ||
    before.text !== after.text ||
    before.translation !== after.translation ||
    before.speaker !== after.speaker ||
    before.speaker_id !== after.speaker_id ||
    before.words !== after.words ||
    before.translation_stale !== after.translation_stale
  );
}

export async function saveDubLines(db: Kysely<Database>, clock: Clock, userId: string, input: SaveDubLinesInput): Promise<SaveDubLinesResult> {
  let showName: string | undefined;
  if (input.showName !== undefined) {
    const checked = checkDisplayName(input.showName, RECORD_TITLE_MAX);
    if ('problem' in checked) throw titleProblem(checked.problem);
    showName = checked.name;
  }
  return withDubTaskLocked(db, userId, input.id, async (trx, task) => {
    assertEditable(task);
    const speakers = await speakersOf(trx, task.id);
    checkDubLines(input.lines, await videoDurationOf(trx, task), new Set(speakers.keys()));

    const existing = new Map((await trx.selectFrom('record_segments').selectAll().where('record_id', '=', task.id).execute()).map((s) => [s.id, s]));
    const used = new Set<string>();
    const inserts: NewRecordSegment[] = [];
    const shifts = new Map<number, string[]>();
    let kept = 0;
    for (const [position, line] of input.lines.entries()) {
      // A line keeps its row once when the row belongs to this task; any other id is a new line.
      const before = line.id && !used.has(line.id) ? existing.get(line.id) : undefined;
      const id = before?.id ?? randomUUID();
      used.add(id);
      const translation = line.translation ?? null;
      const speakerId = line.speakerId ?? null;
      const wordsStillTrue = before && before.text === line.text && before.start_ms === line.startMs && before.end_ms === line.endMs;
      const row = {
        id,
        record_id: task.id,
        position,
        start_ms: line.startMs,
        end_ms: line.endMs,
        speaker: speakerId ? speakers.get(speakerId)!.name : null,
        speaker_id: speakerId,
        text: line.text,
        translation,
        words: wordsStillTrue ? before.words : null,
        translation_stale: translationStaleAfterEdit(
          before && { text: before.text, translation: before.translation, translationStale: before.translation_stale === 1 },
          { text: line.text, translation },
        )
          ? 1
          : 0,
      };
      if (!before) {
        inserts.push(row);
        continue;
      }
      kept += 1;
      if (contentChanged(before, row)) {
        const { id: _id, record_id: _record, ...values } = row;
        await trx.updateTable('record_segments').set(values).where('id', '=', id).execute();
      } else if (before.position !== position) {
        const delta = position - before.position;
        const moving = shifts.get(delta) ?? [];
        moving.push(id);
        shifts.set(delta, moving);
      }
    }
    // Lines that only moved (an insert or delete above them) move in a few statements per distance,
    // not one each: inserting a line at the top of 5,000 stays one short transaction.
    for (const [delta, ids] of shifts) {
      for (let start = 0; start < ids.length; start += ID_BATCH) {
        await trx
          .updateTable('record_segments')
          .set((eb) => ({ position: eb('position', '+', delta) }))
          .where('record_id', '=', task.id)
          .where('id', 'in', ids.slice(start, start + ID_BATCH))
          .execute();
      }
    }
    const removed = [...existing.keys()].filter((id) => !used.has(id));
    await deleteSegments(trx, removed);
    await insertSegments(trx, inserts);
    const now = clock.now().toISOString();
    await trx
      .updateTable('records')
      .set({ updated_at: now, ...(showName !== undefined ? { show_name: showName } : {}) })
      .where('id', '=', task.id)
      .execute();
    await trx.updateTable('dub_tasks').set({ updated_at: now }).where('id', '=', task.id).execute();
    return { kept, inserted: inserts.length, deleted: removed.length };
  });
}
