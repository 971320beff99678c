// Host audio into the meeting's recording: taken while in progress, dropped silently while paused
// (frames in flight), refused otherwise (live:notRecording) — meeting-rules.ts decides which.
import { audioAdmission } from '../domain/meetings/meeting-rules';
import type { MeetingRow } from '../domain/meetings/meeting-tables';
import { LiveSocketError } from './live-errors';
import type { Room } from './meeting-rooms';
import type { MeetingStateCache } from './meeting-state-cache';
import type { RecordingSession } from './recording-session';

export async function takeHostAudio(
  deps: { states: MeetingStateCache; newSession(room: Room, meeting: MeetingRow): RecordingSession },
  room: Room,
  meeting: MeetingRow,
  frameSeq: number,
  pcm: Buffer,
): Promise<void> {
  const admission = audioAdmission(await deps.states.read(meeting.id));
  if (admission === 'drop') return;
  if (admission === 'refuse') throw new LiveSocketError(409, 'notRecording');
  // Recording, but this instance had no session (the meeting was resumed by another connection path).
  room.session ??= deps.newSession(room, meeting);
  room.session.write(frameSeq, pcm);
}
