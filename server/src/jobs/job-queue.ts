// What both back-ends of the job queue port (domain/jobs/job-queue.port.ts) share: every job is a
// row of `jobs` (status, attempts, progress, error), so the state survives a restart and reads the
// same whichever back-end runs it. The in-process queue runs jobs from the rows; with REDIS_URL,
// BullMQ carries job ids between server instances and the rows stay the record of truth.
import type { Kysely } from 'kysely';
import type { Clock } from '../clock';
import type { Database, JobRow } from '../db/schema';
import { sortableId } from '../db/sortable-id';
import type { JobDefinition } from '../domain/jobs/job-queue.port';

export const DEFAULT_MAX_ATTEMPTS = 2;

export function jobRows(db: Kysely<Database>, clock: Clock) {
  const now = () => clock.now().toISOString();
  return {
    async insert(kind: string, payload: unknown, recordId: string | null): Promise<string> {
      const id = sortableId();
      await db
        .insertInto('jobs')
        .values({ id, kind, payload: JSON.stringify(payload), status: 'pending', attempts: 0, progress: 0, error: null, record_id: recordId, created_at: now(), updated_at: now() })
        .execute();
      return id;
    },
    get: (id: string) => db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst(),
    /** Claims a pending row; false when another worker took it first. */
    async claim(id: string): Promise<JobRow | null> {
      const result = await db
        .updateTable('jobs')
        .set((eb) => ({ status: 'running', attempts: eb('attempts', '+', 1), updated_at: now() }))
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return null;
      return (await db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
    },
    /**
     * BullMQ handed this worker the job a dead worker was running (its lock expired): the row is still
     * `running` at the attempt that worker claimed, and the job's lock now makes this worker its only
     * runner. The attempt is run again, not counted again; BullMQ's stall limit bounds the repeats.
     */
    async takeOver(id: string, attempts: number): Promise<JobRow | null> {
      const result = await db.updateTable('jobs').set({ updated_at: now() }).where('id', '=', id).where('status', '=', 'running').where('attempts', '=', attempts).executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return null;
      return (await db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
    },
    /** A running row nobody runs any more (its attempt known) goes back to pending. */
    async requeue(id: string, attempts: number): Promise<boolean> {
      const result = await db.updateTable('jobs').set({ status: 'pending', updated_at: now() }).where('id', '=', id).where('status', '=', 'running').where('attempts', '=', attempts).executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    unfinished: () =>
      db.selectFrom('jobs').select(['id', 'status', 'attempts']).where('status', 'in', ['pending', 'running']).orderBy('created_at').orderBy('id').execute(),
    progress: (id: string, percent: number) =>
      db.updateTable('jobs').set({ progress: Math.max(0, Math.min(100, Math.round(percent))), updated_at: now() }).where('id', '=', id).execute(),
    // Only a running row ends: a run that lost its job (its BullMQ lock lapsed, the job was failed or
    // finished elsewhere) and comes back late cannot overwrite what happened meanwhile.
    completed: (id: string) =>
      db.updateTable('jobs').set({ status: 'completed', progress: 100, error: null, updated_at: now() }).where('id', '=', id).where('status', '=', 'running').execute(),
    retry: (id: string, error: string) => db.updateTable('jobs').set({ status: 'pending', error, updated_at: now() }).where('id', '=', id).where('status', '=', 'running').execute(),
    failed: (id: string, error: string) => db.updateTable('jobs').set({ status: 'failed', error, updated_at: now() }).where('id', '=', id).where('status', '=', 'running').execute(),
    /** Rows a crashed process left running go back to pending (their step starts over). */
    async recover(): Promise<string[]> {
      await db.updateTable('jobs').set({ status: 'pending', updated_at: now() }).where('status', '=', 'running').execute();
      const rows = await db.selectFrom('jobs').select('id').where('status', '=', 'pending').orderBy('created_at').orderBy('id').execute();
      return rows.map((r) => r.id);
    },
  };
}

export type JobRows = ReturnType<typeof jobRows>;

export function describeJobError(error: unknown): string {
  return (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, 1000);
}

/**
 * Runs one claimed job with its definition: progress, retry or failure bookkeeping. Answers
 * 'retry' when the job went back to pending and should be scheduled again.
 */
export async function executeJob(
  rows: JobRows,
  definitions: Map<string, JobDefinition<unknown>>,
  row: JobRow,
  signal: AbortSignal,
  log: { error(obj: unknown, msg?: string): void },
): Promise<'done' | 'retry'> {
  const definition = definitions.get(row.kind);
  if (!definition) {
    await rows.failed(row.id, `no job definition for kind '${row.kind}'`);
    return 'done';
  }
  const payload: unknown = JSON.parse(row.payload);
  try {
    await definition.run(payload, {
      jobId: row.id,
      attempt: row.attempts,
      signal,
      reportProgress: (percent) => rows.progress(row.id, percent).then(() => undefined),
    });
    await rows.completed(row.id);
    return 'done';
  } catch (error) {
    if (signal.aborted) {
      // Shutting down: the row stays running and the next start picks it up again.
      return 'done';
    }
    const permanent = definition.isPermanent?.(error) ?? false;
    if (!permanent && row.attempts < (definition.maxAttempts ?? DEFAULT_MAX_ATTEMPTS)) {
      await rows.retry(row.id, describeJobError(error));
      return 'retry';
    }
    log.error({ err: error, jobId: row.id, kind: row.kind }, 'job failed');
    await rows.failed(row.id, describeJobError(error));
    try {
      await definition.onFailed?.(payload, error);
    } catch (hookError) {
      log.error({ err: hookError, jobId: row.id }, 'job failure hook failed');
    }
    return 'done';
  }
}
