// The job queue's table (0002): one row per queued pipeline step.
import type { Selectable } from 'kysely';

export type JobStatus = 'pending' | 'running' | 'completed' | 'failed';

export interface JobsTable {
  id: string;
  kind: string;
  /** JSON text */
  payload: string;
  status: JobStatus;
  attempts: number;
  progress: number;
  error: string | null;
  record_id: string | null;
  created_at: string;
  updated_at: string;
}

/** The jobs tables as the Database names them (server/src/db/schema.ts composes them). */
export interface JobsTables {
  jobs: JobsTable;
}

export type JobRow = Selectable<JobsTable>;
