// Edits of an owned record's transcript: save the whole edited list (editDetails), rename one
// speaker on every line at once, merge adjacent lines (mergeFileData). Each runs in one transaction
// after every rule is checked, so a refused edit changes nothing.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { translationStaleAfterEdit, type SubtitleLine, type SubtitleLineInput } from '../../../../src/shared/contract/transcript';
import type { Clock } from '../../clock';
import type { Database, NewRecordSegment, RecordRow, RecordSegmentRow } from '../../db/schema';
import { isChinese } from '../../engines/languages';
import { insertSegments } from '../records/create-record';
import { findOwnedRecord } from '../records/record-access';
import { toSubtitleLine } from '../records/record-view';
import { checkLines, checkSpeakerName, mediaDurationOf } from './line-rules';
import { lineNotFound, linesNotAdjacent, mergeSpeakerConflict, speakerNotFound } from './transcript-errors';

function firstLanguage(row: RecordRow): string {
  try {
    const list: unknown = JSON.parse(row.languages);
    return Array.isArray(list) && typeof list[0] === 'string' ? list[0] : '';
  } catch {
    return '';
  }
}

const touch = (db: Kysely<Database>, clock: Clock, recordId: string) =>
  db.updateTable('records').set({ updated_at: clock.now().toISOString() }).where('id', '=', recordId).execute();

/** Replaces the lines of an owned record with the edited list; a kept line keeps its id and words. */
export async function saveLines(db: Kysely<Database>, clock: Clock, userId: string, id: string, lines: SubtitleLineInput[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await findOwnedRecord(trx, userId, id);
    checkLines(lines, mediaDurationOf(row));
    const existing = new Map(
      (await trx.selectFrom('record_segments').selectAll().where('record_id', '=', row.id).execute()).map((s) => [s.id, s]),
    );
    await trx.deleteFrom('record_segments').where('record_id', '=', row.id).execute();
    const used = new Set<string>();
    const rows: NewRecordSegment[] = lines.map((line, position) => {
      // A line keeps its id once when it already belonged to this record; anything else gets a new one.
      const before = line.id && !used.has(line.id) ? existing.get(line.id) : undefined;
      const lineId = before ? before.id : randomUUID();
      used.add(lineId);
      // Word timings stay only while the text and times they describe are unchanged.
      const wordsStillTrue = before && before.text === line.text && before.start_ms === line.startMs && before.end_ms === line.endMs;
      const translation = line.translation ?? null;
      return {
        id: lineId,
        record_id: row.id,
        position,
        start_ms: line.startMs,
        end_ms: line.endMs,
        speaker: checkSpeakerName(line.speaker),
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
    });
    await insertSegments(trx, rows);
    await touch(trx, clock, row.id);
  });
}

/**
 * Gives every line of `speaker` the name `newSpeaker` (an empty `speaker` names the lines that have
 * none). Renaming onto a name already used joins the two speakers, which is how a user fixes a
 * speaker the diarizer split in two.
 */
export async function renameSpeaker(
  db: Kysely<Database>,
  clock: Clock,
  userId: string,
  input: { id: string; speaker: string; newSpeaker: string },
): Promise<{ speaker: string; renamedLines: number }> {
  const newName = checkSpeakerName(input.newSpeaker)!;
  const current = input.speaker.trim();
  return db.transaction().execute(async (trx) => {
    const row = await findOwnedRecord(trx, userId, input.id);
    let update = trx.updateTable('record_segments').set({ speaker: newName }).where('record_id', '=', row.id);
    update = current ? update.where('speaker', '=', current) : update.where((eb) => eb.or([eb('speaker', 'is', null), eb('speaker', '=', '')]));
    const result = await update.executeTakeFirst();
    const renamedLines = Number(result.numUpdatedRows);
    if (renamedLines === 0) throw speakerNotFound(current);
    await touch(trx, clock, row.id);
    return { speaker: newName, renamedLines };
  });
}

/**
 * Merges lines that are adjacent in the transcript into the first of them: times span all of them,
 * texts and translations are joined (without spaces for Chinese), word timings are concatenated.
 * Lines of different speakers need the speaker to keep (the client asks the user to confirm it).
 */
export async function mergeLines(
  db: Kysely<Database>,
  clock: Clock,
  userId: string,
  input: { id: string; lineIds: string[]; speaker?: string },
): Promise<SubtitleLine> {
  const chosenSpeaker = input.speaker === undefined ? undefined : checkSpeakerName(input.speaker);
  return db.transaction().execute(async (trx) => {
    const row = await findOwnedRecord(trx, userId, input.id);
    const ids = [...new Set(input.lineIds)];
    const lines = await trx.selectFrom('record_segments').selectAll().where('record_id', '=', row.id).where('id', 'in', ids).orderBy('position').execute();
    if (lines.length !== ids.length || lines.length < 2) throw lineNotFound();
    const first = lines[0]!;
    if (lines.some((line, index) => line.position !== first.position + index)) throw linesNotAdjacent();

    const speakers = [...new Set(lines.map((line) => line.speaker).filter((s): s is string => !!s))];
    if (chosenSpeaker === undefined && speakers.length > 1) throw mergeSpeakerConflict(speakers.join(', '));
    const speaker = chosenSpeaker !== undefined ? chosenSpeaker : (speakers[0] ?? null);

    const separator = isChinese(firstLanguage(row)) ? '' : ' ';
    const join = (parts: (string | null)[]) =>
      parts
        .map((part) => (part ?? '').trim())
        .filter(Boolean)
        .join(separator);
    const translations = lines.map((line) => line.translation);
    const words = lines.flatMap((line) => {
      if (!line.words) return [];
      try {
        const parsed: unknown = JSON.parse(line.words);
        return Array.isArray(parsed) ? parsed : [];
      } catch {
        return [];
      }
    });
    const merged: RecordSegmentRow = {
      ...first,
      start_ms: Math.min(...lines.map((line) => line.start_ms)),
      end_ms: Math.max(...lines.map((line) => line.end_ms)),
      speaker,
      text: join(lines.map((line) => line.text)),
      translation: translations.every((t) => t === null) ? null : join(translations),
      // Word timings survive only when every merged line had them; partial timings would mislead the player.
      words: lines.every((line) => line.words) ? JSON.stringify(words) : null,
      // The merged translation is as stale as its stalest part.
      translation_stale: lines.some((line) => line.translation_stale) ? 1 : 0,
    };
    await trx
      .updateTable('record_segments')
      .set({
        start_ms: merged.start_ms,
        end_ms: merged.end_ms,
        speaker: merged.speaker,
        text: merged.text,
        translation: merged.translation,
        words: merged.words,
        translation_stale: merged.translation_stale,
      })
      .where('id', '=', first.id)
      .execute();
    const removed = lines.slice(1).map((line) => line.id);
    await trx.deleteFrom('record_segments').where('id', 'in', removed).execute();
    // Close the gap the removed lines leave so positions stay 0..n-1 (they were contiguous).
    await trx
      .updateTable('record_segments')
      .set((eb) => ({ position: eb('position', '-', removed.length) }))
      .where('record_id', '=', row.id)
      .where('position', '>', first.position + removed.length)
      .execute();
    await touch(trx, clock, row.id);
    return toSubtitleLine(merged);
  });
}
