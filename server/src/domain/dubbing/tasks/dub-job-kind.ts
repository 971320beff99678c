// The dubbing job's name and payload, apart from the job itself so the code that enqueues it
// (start-task.ts) and the job (jobs/dubbing-job.ts) import it without importing each other.
import type { Locale } from '../../../../../src/shared/contract/limits';

export const DUB_JOB = 'dub-video';

export interface DubJobPayload {
  taskId: string;
  userId: string;
  /** The submitter's language: speaker names and the failure message of the records list. */
  locale: Locale;
}
