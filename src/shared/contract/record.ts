// A record as the contract sends it (list rows, share views), for the views that draw one. A record of
// kind 'dubbing' is a dubbing task (same id): the lists read its task and carry its dubbing state
// beside the record (`dub`), which they show instead of the transcript state.
import type { components } from '../../api/schema';

export type DubTaskState = components['schemas']['DubTaskState'];

/** The dubbing side of a dubbing record, from its task (dubbingGetFileByTaskId). */
export interface DubStatus {
  state: DubTaskState;
  /** Percent done of the running step; null when none runs. */
  progress: number | null;
  /** Percent done of the whole run: below 100 until the task is dubbed (what the lists show). */
  overall: number | null;
  step: string | null;
  /** The voice-over and composed video were purged after 7 days (lines and subtitles stay). */
  expired: boolean;
  errorMessage: string | null;
}

export type RecordView = components['schemas']['Record'] & { dub?: DubStatus | undefined };

export const isDubRecord = (record: Pick<RecordView, 'recordType'>) => record.recordType === 'dubbing';

/** Dubbing states with work still to come: the lists read such rows again on their timer. */
export const DUB_RUNNING_STATES: readonly DubTaskState[] = ['translating', 'translated', 'dubbing'];
export const isDubRunning = (dub: DubStatus) => DUB_RUNNING_STATES.includes(dub.state);

/** Where a record opens: a dubbing task in the dub editor, any other record on its transcript page. */
export function recordPath(record: Pick<RecordView, 'id' | 'recordType'>): string {
  const id = encodeURIComponent(record.id);
  return isDubRecord(record) ? `/dub?id=${id}` : `/meetingDetail?id=${id}`;
}
