// What the BullMQ queue does when a server instance dies or stops with a job in hand (issue 28).
// A row's BullMQ job is `<row id>.<attempts before the claim>`, so the job holding a running row at
// attempt n is `<row id>.<n - 1>`. BullMQ's lock on that job says who runs it: a SIGKILLed worker
// stops renewing it, a surviving worker's stalled check puts the job back in the queue, and the
// worker that receives it takes the still-running row over (rows.takeOver) instead of skipping it.
import type { Job, Queue } from 'bullmq';
import type { JobRow } from '../db/schema';
import type { JobDefinition } from '../domain/jobs/job-queue.port';
import { describeJobError, type JobRows } from './job-queue';

/** How long a job's lock lives without renewal: a dead worker's job is free again after this. */
export const LOCK_DURATION_MS = 30_000;
/** How often each worker looks for jobs whose lock expired; a stalled job moves within two checks. */
export const STALLED_INTERVAL_MS = 15_000;
/** A job that took its worker down more than this many times (a crash each try) is failed, not run again. */
export const MAX_STALLED_COUNT = 2;

export const bullmqJobId = (rowId: string, attempt: number) => `${rowId}.${attempt}`;

/** The row attempt a BullMQ job was scheduled for (null for an id of another shape). */
function attemptOf(job: Job): number | null {
  const id = job.id ?? '';
  const attempt = Number(id.slice(id.lastIndexOf('.') + 1));
  return Number.isInteger(attempt) && id.includes('.') ? attempt : null;
}

/**
 * The row this delivery may run: a pending row (first delivery, or a retry), or the running row a
 * dead worker left when BullMQ redelivers that worker's job after its lock expired. Null: another
 * worker has it, or it is finished.
 */
export async function claimForDelivery(rows: JobRows, rowId: string, job: Job): Promise<JobRow | null> {
  const claimed = await rows.claim(rowId);
  if (claimed) return claimed;
  const attempt = attemptOf(job);
  const redelivered = job.stalledCounter > 0 || job.attemptsStarted > 1;
  return redelivered && attempt !== null ? rows.takeOver(rowId, attempt + 1) : null;
}

/**
 * At start: pending rows are scheduled (BullMQ ignores an id it holds already). A running row whose
 * BullMQ job is still waiting or active belongs to a live worker, or to a dead one BullMQ will hand
 * on: it is left alone, so an instance starting beside running ones never doubles their jobs. A
 * running row whose BullMQ job is gone (Redis emptied, or finished without the row) goes back to
 * pending. Answers the rows this instance scheduled.
 */
export async function recoverRows(rows: JobRows, queue: Queue, schedule: (id: string, attempt: number) => Promise<unknown>): Promise<string[]> {
  const scheduled: string[] = [];
  for (const row of await rows.unfinished()) {
    if (row.status === 'running') {
      const holder = await queue.getJob(bullmqJobId(row.id, row.attempts - 1));
      const state = holder ? await holder.getState() : 'unknown';
      if (state === 'active' || state === 'waiting' || state === 'delayed' || state === 'prioritized') continue;
      await rows.requeue(row.id, row.attempts);
    }
    scheduled.push(row.id);
    await schedule(row.id, row.attempts);
  }
  return scheduled;
}

/**
 * A BullMQ job failed without our processor finishing it: in practice the stall limit (it took its
 * worker down MAX_STALLED_COUNT times). Its row, still running at that attempt, is failed and the
 * definition's failure hook runs (a transcription refunds its charge and says so on the record).
 */
export async function failAbandoned(
  rows: JobRows,
  definitions: Map<string, JobDefinition<unknown>>,
  job: Job,
  error: Error,
  log: { error(obj: unknown, msg?: string): void },
): Promise<void> {
  const rowId = (job.data as { id: string }).id;
  const attempt = attemptOf(job);
  const row = await rows.get(rowId);
  if (!row || row.status !== 'running' || attempt === null || row.attempts !== attempt + 1) return;
  log.error({ err: error, jobId: rowId, kind: row.kind }, 'job abandoned by its workers');
  await rows.failed(rowId, describeJobError(error));
  try {
    await definitions.get(row.kind)?.onFailed?.(JSON.parse(row.payload), error);
  } catch (hookError) {
    log.error({ err: hookError, jobId: rowId }, 'job failure hook failed');
  }
}
