// Creates a record with its transcript segments in one transaction. The upload pipeline, live
// meetings, tests and the end-to-end seed all come through here.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { DEFAULT_FOLDER_ID, RECORD_TITLE_MAX } from '../../../../src/shared/contract/limits';
import type { TranscriptSegment } from '../../../../src/shared/contract/transcript';
import type { Clock } from '../../clock';
import type { Database, RecordKind, RecordRow, NewRecordSegment, RecordState } from '../../db/schema';
import { folderNotFound } from '../folders/folder-errors';
import { checkDisplayName } from './display-name';
import { titleProblem } from './record-errors';

export type SegmentInput = Omit<TranscriptSegment, 'id'> & { id?: string };

export interface CreateRecordInput {
  /** Defaults to a new UUID; an upload's record takes its uploaded file's id (the client holds it). */
  id?: string;
  userId: string;
  showName: string;
  segments?: SegmentInput[];
  /** '1' or absent: the default folder; otherwise a folder of the same user. */
  folderId?: string | null;
  kind?: RecordKind;
  state?: RecordState;
  languages?: string[];
  targetLanguages?: string[];
  speaker?: { enabled: boolean; maxSpeakers: number } | null;
  durationMs?: number | null;
  audioDurationMs?: number | null;
  videoCover?: string | null;
  favorite?: boolean;
  /** Defaults to the clock; seeds use it to spread creation times. */
  createdAt?: Date;
}

// Kept under SQLite's default limit of bound parameters per statement (9 columns × 100 rows).
const SEGMENT_BATCH = 100;

export function segmentRows(recordId: string, segments: SegmentInput[]): NewRecordSegment[] {
  return segments.map((segment, position) => ({
    id: randomUUID(),
    record_id: recordId,
    position,
    start_ms: segment.startMs,
    end_ms: segment.endMs,
    speaker: segment.speaker,
    text: segment.text,
    translation: segment.translation,
    words: segment.words ? JSON.stringify(segment.words) : null,
    translation_stale: segment.translationStale ? 1 : 0,
  }));
}

export async function insertSegments(db: Kysely<Database>, rows: NewRecordSegment[]): Promise<void> {
  for (let start = 0; start < rows.length; start += SEGMENT_BATCH) {
    await db.insertInto('record_segments').values(rows.slice(start, start + SEGMENT_BATCH)).execute();
  }
}

export async function createRecord(db: Kysely<Database>, clock: Clock, input: CreateRecordInput): Promise<RecordRow> {
  const title = checkDisplayName(input.showName, RECORD_TITLE_MAX);
  if ('problem' in title) throw titleProblem(title.problem);
  const folderId = input.folderId && input.folderId !== DEFAULT_FOLDER_ID ? input.folderId : null;
  const at = (input.createdAt ?? clock.now()).toISOString();
  const row: RecordRow = {
    id: input.id ?? randomUUID(),
    user_id: input.userId,
    folder_id: folderId,
    show_name: title.name,
    kind: input.kind ?? 'upload',
    state: input.state ?? 'transcription_completed',
    languages: JSON.stringify(input.languages ?? []),
    target_languages: JSON.stringify(input.targetLanguages ?? []),
    speaker: input.speaker ? JSON.stringify(input.speaker) : null,
    duration_ms: input.durationMs ?? null,
    audio_duration_ms: input.audioDurationMs ?? null,
    video_cover: input.videoCover ?? null,
    favorite: input.favorite ? 1 : 0,
    created_at: at,
    updated_at: at,
  };
  await db.transaction().execute(async (trx) => {
    if (folderId) {
      const folder = await trx.selectFrom('folders').select('id').where('id', '=', folderId).where('user_id', '=', input.userId).executeTakeFirst();
      if (!folder) throw folderNotFound();
    }
    await trx.insertInto('records').values(row).execute();
    await insertSegments(trx, segmentRows(row.id, input.segments ?? []));
  });
  return row;
}
