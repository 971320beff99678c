// Rows → the contract's Meeting, JoinRecord and LiveFinalSubtitle.
//
// Answers others can read carry no internal user id (issue 9): the host's id appears only in the
// host's own view, and participants are named by a per-meeting key (participantKey) that cannot be
// used to recognise the same person in another meeting or to address them anywhere else.
import { createHash } from 'node:crypto';
import type { components } from '../../../../src/api/schema';
import { DEFAULT_FOLDER_ID, VISITOR_NAME } from '../../../../src/shared/contract/limits';
import type { UserRow } from '../../db/schema';
import type { LiveFinalSubtitle as LiveFinal } from '../../../../src/shared/contract/live-messages';
import { MeetingLanguages } from '../../../../src/shared/contract/meeting-languages';
import { toInvitationView } from './meeting-invites';
import type { MeetingJoinRow, MeetingRow, MeetingSegmentRow } from './meeting-tables';

export type MeetingView = components['schemas']['Meeting'];
export type SubtitleStyle = components['schemas']['SubtitleStyle'];
export type JoinRecordView = components['schemas']['JoinRecord'];
export type { LiveFinal };

export const DEFAULT_SUBTITLE_STYLE: Required<SubtitleStyle> = {
  fontSize: 24,
  color: '#ffffff',
  backgroundColor: '#000000',
  position: 'bottom',
  lines: 2,
  display: 'bilingual',
};

export function parseJson<T>(text: string | null, fallback: T): T {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

export const languagesOf = (text: string): string[] => parseJson<string[]>(text, []);

/** How a user is named to others in a meeting: a visitor by the shared visitor name, anyone else by nickname or name. */
export const displayName = (user: UserRow) => (user.is_visitor ? VISITOR_NAME : (user.nickname ?? user.name));

/** A stored meeting's language rules (which translations it offers, its default, its recogniser). */
export const meetingLanguagesOf = (row: Pick<MeetingRow, 'recognition_languages' | 'translation_languages'>) =>
  new MeetingLanguages(languagesOf(row.recognition_languages), languagesOf(row.translation_languages));

export function meetingShareUrl(meetingId: string): string {
  return `/meetingShare?meetingId=${encodeURIComponent(meetingId)}`;
}

/** A participant's stable name within one meeting; differs per meeting, reveals no user id. */
export function participantKey(meetingId: string, userId: string): string {
  return `p-${createHash('sha256').update(`parley-participant:${meetingId}:${userId}`).digest('base64url').slice(0, 22)}`;
}

/** What the host's view adds: the invitation as of `now`, and whether the host may invite (SVIP). */
export interface HostExtras {
  now: Date;
  mayInvite: boolean;
}

export function toMeetingView(row: MeetingRow, viewerId: string | null, hostName: string | null, extras?: HostExtras): MeetingView {
  const isHost = viewerId === row.user_id;
  return {
    id: row.id,
    name: row.name,
    state: row.state,
    recognitionLanguages: languagesOf(row.recognition_languages),
    translationLanguages: languagesOf(row.translation_languages),
    // Participants read the transcript through the socket; the record stays the owner's.
    transId: isHost ? row.record_id : null,
    // Only the host is told the host's id (it is their own); participants get the host's name.
    ...(isHost ? { hostId: row.user_id } : {}),
    hostName,
    shareStatus: row.share_status,
    inviteStatus: row.invite_status,
    copyStatus: row.copy_status,
    folderId: isHost ? (row.folder_id ?? DEFAULT_FOLDER_ID) : null,
    createTime: row.created_at,
    startTime: row.started_at,
    endTime: row.ended_at,
    duration: row.audio_ms / 1000,
    subtitleStyle: { ...DEFAULT_SUBTITLE_STYLE, ...parseJson<Partial<SubtitleStyle>>(row.subtitle_style, {}) },
    shareUrl: meetingShareUrl(row.id),
    isHost,
    // The invitation's code is the host's to hand out: participants never see it here.
    ...(isHost && extras ? { invitation: toInvitationView(row, extras.now), mayInvite: extras.mayInvite } : {}),
  };
}

export function toJoinRecordView(row: MeetingJoinRow, index: number): JoinRecordView {
  return {
    index,
    userId: participantKey(row.meeting_id, row.user_id),
    userName: row.user_name,
    avatar: row.avatar,
    translationLanguage: row.translation_language,
    joinTime: row.joined_at,
    leaveTime: row.left_at,
  };
}

export function toLiveFinal(row: MeetingSegmentRow, speakerNames: ReadonlyMap<number, string> = new Map()): LiveFinal {
  const errors = parseJson<Record<string, string>>(row.translation_errors, {});
  return {
    type: 'subtitle.final',
    seq: row.seq,
    segmentId: row.segment_id,
    startMs: row.start_ms,
    endMs: row.end_ms,
    text: row.text,
    lang: row.lang,
    speaker: row.speaker_index === null ? null : (speakerNames.get(row.speaker_index) ?? null),
    speakerIndex: row.speaker_index,
    translations: parseJson<Record<string, string>>(row.translations, {}),
    ...(Object.keys(errors).length ? { translationErrors: errors } : {}),
  };
}
