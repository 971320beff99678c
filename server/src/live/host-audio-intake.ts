// Host audio into the meeting's recording: taken while in progress, dropped silently while paused
// (frames in flight), refused otherwise (live:notRecording) — meeting-rules.ts decides which — and
// dropped once the host's live balance is used up (live-allowance.ts).
import { audioAdmission } from '../domain/meetings/meeting-rules';
import type { MeetingRow } from '../domain/meetings/meeting-tables';
import { LiveSocketError } from './live-errors';
import type { Room } from './meeting-rooms';
import type { MeetingStateCache } from './meeting-state-cache';
import type { RecordingSession } from './recording-session';

export async function takeHostAudio(
  deps: {
    states: MeetingStateCache;
    newSession(room: Room, meeting: MeetingRow): RecordingSession;
    /** Counts the audio against the host's live balance (live-allowance.ts); pauses the meeting when it is used up. */
    metered?(room: Room, meeting: MeetingRow): void;
  },
  room: Room,
  meeting: MeetingRow,
  frameSeq: number,
  pcm: Buffer,
): Promise<void> {
  const admission = audioAdmission(await deps.states.read(meeting.id));
  // Frames after the balance ran out are dropped like those in flight to a pause: never recorded, never charged.
  if (admission === 'drop' || room.allowance?.usedUp) return;
  if (admission === 'refuse') throw new LiveSocketError(409, 'notRecording');
  // Recording, but this instance had no session (the meeting was resumed by another connection path).
  room.session ??= deps.newSession(room, meeting);
  room.session.write(frameSeq, pcm);
  deps.metered?.(room, meeting);
}
