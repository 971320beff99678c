// The meeting's record as a share-link holder reads it after the meeting (MeetingShareRecord): the
// meeting's facts, its lines in every language (masked for readers other than the host), the
// summary, and whether the audio can be played.
import type { Kysely } from 'kysely';
import type { components } from '../../../../src/api/schema';
import type { Database } from '../../db/schema';
import type { MediaStore } from '../storage/media-store.port';
import type { SummariesService } from '../summaries/summaries-service';
import { meetingNotFound } from './meeting-errors';
import { sharedMeeting } from './meeting-share-access';
import { maskSummary, meetingShareLines, type TextMask } from './meeting-share-record';
import type { MeetingRow } from './meeting-tables';
import { languagesOf } from './meeting-view';

export interface MeetingShareReadDeps {
  db: Kysely<Database>;
  summaries: Pick<SummariesService, 'read'>;
  mediaStore: Pick<MediaStore, 'exists'>;
  maskFor: (meeting: MeetingRow, viewerId: string | null) => Promise<TextMask | undefined>;
}

export async function readMeetingShare(
  { db, summaries, mediaStore, maskFor }: MeetingShareReadDeps,
  meetingId: string,
  viewerId: string | null,
): Promise<components['schemas']['MeetingShareRecord']> {
  const meeting = await sharedMeeting(db, meetingId, viewerId);
  const mask = await maskFor(meeting, viewerId);
  const recordId = meeting.record_id;
  // Every meeting writes to a record from its creation; one without (removed) has nothing to read.
  if (!recordId) throw meetingNotFound();
  const [lines, summary, media] = await Promise.all([
    meetingShareLines(db, meeting, mask),
    summaries.read(viewerId, { transId: recordId, meetingId: meeting.id }),
    db.selectFrom('media_files').select('object_name').where('id', '=', recordId).executeTakeFirst(),
  ]);
  return {
    meetingId: meeting.id,
    transId: recordId,
    name: mask ? mask(meeting.name) : meeting.name,
    state: meeting.state,
    recognitionLanguages: languagesOf(meeting.recognition_languages),
    translationLanguages: languagesOf(meeting.translation_languages),
    startTime: meeting.started_at,
    endTime: meeting.ended_at,
    duration: meeting.audio_ms / 1000,
    lines,
    hasAudio: media !== undefined && (await mediaStore.exists(media.object_name)),
    // The summary is made from the unmasked lines: a reader other than the host reads it masked too.
    summary: summary && mask ? maskSummary(summary, mask) : summary,
  };
}
