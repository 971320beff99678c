// Rows → the contract's Record and SubtitleLine. The owner sees the folder, favourite flag and share
// code; a share holder sees the record itself and nothing of the owner's organisation.
import type { components } from '../../../../src/api/schema';
import { DEFAULT_FOLDER_ID } from '../../../../src/shared/contract/limits';
import type { SubtitleLine, TranscriptSegment } from '../../../../src/shared/contract/transcript';
import type { RecordPipelineColumns, RecordRow, RecordSegmentRow, RecordShareRow } from '../../db/schema';

export type RecordView = components['schemas']['Record'];

function parseList(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

const seconds = (ms: number | null) => (ms === null ? null : ms / 1000);

export interface RecordViewContext {
  viewer: 'owner' | 'shareHolder';
  share: RecordShareRow | undefined;
  /** Name of the record's folder (for the default folder: its custom or translated name). */
  folderName: string | null;
  /** A meeting record's live meeting state (the owner sees it). */
  meetingState?: RecordView['meetingState'] | undefined;
}

export function toRecordView(row: RecordRow, { viewer, share, folderName, meetingState }: RecordViewContext): RecordView {
  const owner = viewer === 'owner';
  return {
    id: row.id,
    showName: row.show_name,
    state: row.state,
    recordType: row.kind,
    languages: parseList(row.languages),
    targetLanguages: parseList(row.target_languages),
    speaker: row.speaker,
    duration: seconds(row.duration_ms),
    audioDuration: seconds(row.audio_duration_ms),
    videoCover: row.video_cover,
    createTime: row.created_at,
    updateTime: row.updated_at,
    folderId: owner ? (row.folder_id ?? DEFAULT_FOLDER_ID) : null,
    folderName: owner ? folderName : null,
    favorite: owner ? row.favorite === 1 : false,
    shareStatus: share ? '1' : '0',
    copyStatus: share?.allow_copy ? '1' : '0',
    shareCode: owner ? (share?.code ?? null) : null,
    shareExpireTime: share?.expires_at ?? null,
    // Written by the upload pipeline (migration 0004); absent on rows selected before it ran.
    errorMessage: (row as RecordRow & Partial<RecordPipelineColumns>).error_message ?? null,
    progress: (row as RecordRow & Partial<RecordPipelineColumns>).progress ?? null,
    ...(owner && meetingState ? { meetingState } : {}),
  };
}

export function toSegment(row: RecordSegmentRow): TranscriptSegment {
  let words: TranscriptSegment['words'];
  if (row.words) {
    try {
      words = JSON.parse(row.words) as TranscriptSegment['words'];
    } catch {
      words = undefined;
    }
  }
  return {
    id: row.id,
    startMs: row.start_ms,
    endMs: row.end_ms,
    speaker: row.speaker,
    text: row.text,
    translation: row.translation,
    ...(row.translation_stale ? { translationStale: true } : {}),
    ...(words ? { words } : {}),
  };
}

export function toSubtitleLine(row: RecordSegmentRow): SubtitleLine {
  // Word timings let the transcript page highlight the exact word being spoken.
  const words = toSegment(row).words?.map(({ text, startMs, endMs }) => ({ text, startMs, endMs }));
  return {
    id: row.id,
    startMs: row.start_ms,
    endMs: row.end_ms,
    text: row.text,
    translation: row.translation,
    speaker: row.speaker,
    speakerId: null,
    translationStale: row.translation_stale === 1 && row.translation !== null,
    ...(words?.length ? { words } : {}),
  };
}
