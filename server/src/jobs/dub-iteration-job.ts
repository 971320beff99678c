// A re-dub or a composition on the job queue (issue 12 §4): the iteration's voice-over (only the
// changed lines re-voiced) and then, when videoSynthesis asked for it, the composed video. Progress
// goes to the task row the list shows. A run that fails for good marks the iteration and the
// composition failed, refunds the iteration's charge, and leaves the task on its previous dub.
import { DubbingError } from '../domain/dubbing/pipeline/errors';
import { DUB_ITERATION_JOB, iterationChargeKey, type DubIterationPayload, type VoiceoverDeps } from '../domain/dubbing/voiceover/deps';
import { runIteration } from '../domain/dubbing/voiceover/run-iteration';
import { composeSynthesis } from '../domain/dubbing/voiceover/syntheses';
import type { JobDefinition } from '../domain/jobs/job-queue.port';

export function dubIterationJob(deps: VoiceoverDeps): JobDefinition<DubIterationPayload> {
  const { db, clock } = deps;
  const setTask = (taskId: string, values: { step?: string | null; progress?: number | null }) =>
    db.updateTable('dub_tasks').set({ ...values, updated_at: clock.now().toISOString() }).where('id', '=', taskId).execute();

  return {
    kind: DUB_ITERATION_JOB,
    // An SRT or media problem will not change on a retry; an engine hiccup may.
    isPermanent: (error) => error instanceof DubbingError && error.key !== 'engines:dubStepFailed',
    async run(payload, { reportProgress, signal }) {
      if (payload.iterationId) {
        let last = -1;
        await runIteration(deps, payload.iterationId, {
          signal,
          onProgress: (fraction) => {
            const percent = Math.round(fraction * (payload.synthesisId ? 80 : 100));
            if (percent === last) return;
            last = percent;
            void reportProgress(percent).catch(() => undefined);
            void setTask(payload.taskId, { step: 'dub', progress: percent }).catch(() => undefined);
          },
        });
      }
      if (payload.synthesisId) {
        await setTask(payload.taskId, { step: 'burnIn', progress: payload.iterationId ? 80 : 0 });
        await composeSynthesis(deps, payload.synthesisId, signal);
        await setTask(payload.taskId, { step: null, progress: null });
      }
    },
    async onFailed(payload, error) {
      const now = clock.now().toISOString();
      const key = error instanceof DubbingError ? error.key : 'engines:dubStepFailed';
      const params = error instanceof DubbingError ? JSON.stringify({ step: error.step, ...error.params }) : JSON.stringify({ detail: error instanceof Error ? error.message.slice(0, 300) : String(error) });
      if (payload.iterationId) {
        await db.updateTable('dub_iterations').set({ state: 'failed', error_key: key, updated_at: now }).where('id', '=', payload.iterationId).execute();
        await deps.entitlements.refund(iterationChargeKey(payload.iterationId));
      }
      if (payload.synthesisId) await db.updateTable('dub_syntheses').set({ state: 'failed', error_key: key, updated_at: now }).where('id', '=', payload.synthesisId).execute();
      // The earlier voice-over is still there: the task goes back to dubbed, with the error to show.
      // Only a run that set the task dubbing does (a composition alone never changed its state).
      if (!payload.iterationId) return;
      await db
        .updateTable('dub_tasks')
        .set({ state: 'dubbed', step: null, progress: null, error_key: key, error_params: params, updated_at: now })
        .where('id', '=', payload.taskId)
        .where('state', '=', 'dubbing')
        .execute();
    },
  };
}
