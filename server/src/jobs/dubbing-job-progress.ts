// A running dub's progress written to its task and record: the pipeline's steps move the task
// through translating → translated → dubbing, with the step's and the overall percent. The
// pipeline's callbacks are synchronous, so their writes are chained; `settled` awaits them.
import type { Kysely } from 'kysely';
import type { Clock } from '../clock';
import type { Database, DubTaskState, RecordPipelineColumns, RecordState } from '../db/schema';
import type { DubProgressStep } from '../domain/dubbing/pipeline';
import { overallPercent, RECORD_STATE_OF } from '../domain/dubbing/tasks/task-view';

export interface TaskProgress {
  state?: DubTaskState;
  step?: string | null;
  progress?: number | null;
  overall?: number | null;
}

/** Writes a task's state and progress, and the same run as its record's state and percent. */
export function taskWriter(db: Kysely<Database>, clock: Clock) {
  const records = db.withTables<{ records: RecordPipelineColumns }>();
  const now = () => clock.now().toISOString();
  return async function setTask(taskId: string, values: TaskProgress) {
    const { overall, ...task } = values;
    await db.updateTable('dub_tasks').set({ ...task, updated_at: now() }).where('id', '=', taskId).execute();
    const record: Partial<RecordPipelineColumns> & { state?: RecordState; updated_at: string } = { updated_at: now() };
    if (values.state) record.state = RECORD_STATE_OF[values.state];
    if (overall !== undefined) record.progress = overall;
    await records.updateTable('records').set(record).where('id', '=', taskId).execute();
  };
}

export function createDubProgress(taskId: string, setTask: ReturnType<typeof taskWriter>, reportProgress: (percent: number) => Promise<void>) {
  let writes: Promise<unknown> = Promise.resolve();
  let state: DubTaskState = 'translating';
  let lastStep: string | null = null;
  let lastPercent = -1;

  return {
    onProgress(step: DubProgressStep, fraction: number) {
      const overall = overallPercent(step, fraction);
      const percent = Math.round(Math.max(0, Math.min(1, fraction)) * 100);
      let next = state;
      if (step === 'translate' && fraction >= 1) next = 'translated';
      else if (step === 'dub' || step === 'mix' || step === 'burnIn') next = 'dubbing';
      if (next === state && step === lastStep && percent === lastPercent) return;
      const changedState = next !== state;
      state = next;
      lastStep = step;
      lastPercent = percent;
      writes = writes.then(async () => {
        await setTask(taskId, { ...(changedState ? { state: next } : {}), step, progress: percent, overall });
        await reportProgress(overall);
      });
    },
    /** The run's first step, written before the pipeline reports any. */
    async start() {
      await setTask(taskId, { state: 'translating', step: 'extract', progress: 0, overall: 0 });
      lastStep = 'extract';
    },
    /** Resolves once every progress write so far is done (rejects if one failed). */
    settled: () => writes,
    /** The step running last: named on a plain error that ended the run. */
    lastStep: () => lastStep,
  };
}
