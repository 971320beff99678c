// The meeting's summary is kept when the meeting ends (issue 24 §4): the whole transcript is summarised
// once, as the record's summary, so the host's ended screen, the record page, the participants'
// download page and the Word template all read the same stored summary. The live instant summary is
// never stored (it covers the latest lines only), which is why the download page used to say the host
// had made none.
import type { ServerT } from '../../i18n';
import { AppError } from '../../errors';
import type { SummariesService } from '../summaries/summaries-service';
import type { MeetingRow } from './meeting-tables';

export interface SummaryKeeperDeps {
  summaries: Pick<SummariesService, 'generate'>;
  /** The translator the stored error message (if the engine fails) is written with. */
  t: ServerT;
  log: { warn(details: object, message: string): void };
}

/** What happened to the meeting's summary as it ended; the hub only logs it. */
export type KeptSummary = 'kept' | 'nothing' | 'failed';

export async function keepMeetingSummary({ summaries, t, log }: SummaryKeeperDeps, meeting: MeetingRow): Promise<KeptSummary> {
  if (!meeting.record_id) return 'nothing';
  try {
    await summaries.generate(meeting.user_id, { transId: meeting.record_id }, t);
    return 'kept';
  } catch (error) {
    // A meeting with no speech has nothing to summarise; a summary the host made a moment ago
    // (refresh too soon) is already the record's summary. Neither is a failure.
    if (error instanceof AppError && (error.code === 400 || error.code === 429)) return 'nothing';
    log.warn({ err: error, meetingId: meeting.id }, 'meeting summary not kept');
    return 'failed';
  }
}
