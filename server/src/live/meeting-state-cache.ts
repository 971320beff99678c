// The meeting state as host audio needs it, frame after frame: read from the database at most every
// STATE_CACHE_MS, and updated at once by this instance's own changes and by every meeting.state the
// bus delivers, so a short cache is safe.
import type { MeetingState } from '../domain/meetings/meeting-rules';
import type { MeetingsService } from '../domain/meetings/meetings-service';

const STATE_CACHE_MS = 250;

export class MeetingStateCache {
  private readonly states = new Map<string, { state: MeetingState; at: number }>();

  constructor(private readonly meetings: MeetingsService) {}

  set(meetingId: string, state: MeetingState): void {
    this.states.set(meetingId, { state, at: performance.now() });
  }

  async read(meetingId: string): Promise<MeetingState> {
    const cached = this.states.get(meetingId);
    if (cached && performance.now() - cached.at < STATE_CACHE_MS) return cached.state;
    const row = await this.meetings.find(meetingId);
    const state = row?.state ?? 'ended';
    this.set(meetingId, state);
    return state;
  }
}
