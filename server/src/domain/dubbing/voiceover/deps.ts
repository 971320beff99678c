// What the voice-over code needs from the app, as one small bag (handlers pass ctx.services pieces,
// the job gets the same at start-up).
import type { Kysely } from 'kysely';
import type { Clock } from '../../../clock';
import type { Database } from '../../../db/schema';
import type { Engines } from '../../../engines/registry';
import type { JobQueue } from '../../jobs/job-queue.port';
import type { BlobStore } from '../../storage/blob-store.port';
import type { Entitlements } from '../../entitlements/entitlements-service';

export interface VoiceoverDeps {
  db: Kysely<Database>;
  clock: Clock;
  engines: Pick<Engines, 'synthesizerFor' | 'translatorFor'> & Partial<Pick<Engines, 'separator'>>;
  blobStore: BlobStore;
  entitlements: Entitlements;
  jobs: Pick<JobQueue, 'enqueue'>;
}

/** Voice-over and composite files are kept 7 days (features §4); lines and subtitles stay. */
export const DUB_MEDIA_KEEP_MS = 7 * 24 * 60 * 60 * 1000;
/** One task is dubbed into at most 4 languages (features §9). */
export const DUB_MAX_LANGUAGES = 4;
/** The job that runs a re-voice and/or a composition (jobs/dub-iteration-job.ts). */
export const DUB_ITERATION_JOB = 'dub-iteration';

export interface DubIterationPayload {
  taskId: string;
  /** The iteration to voice, when one was started. */
  iterationId: string | null;
  /** The composition to make afterwards, when asked by videoSynthesis. */
  synthesisId: string | null;
}

export const iterationChargeKey = (iterationId: string) => `dub-iteration:${iterationId}`;
