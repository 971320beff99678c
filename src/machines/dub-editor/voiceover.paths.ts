// Path model of the voice-over panel (convention: src/testing/paths.ts). The task id picks
// what the doubles answer: 'task-edited' — 3 of 10 lines to re-voice, no composed video yet;
// 'task-done' — a composed video and nothing to re-voice (download only), whose download fails;
// 'task-saved' — the same, whose download succeeds; 'task-running' — a synthesis already composing
// when the panel opens; 'task-poor' — re-voicing costs 2 h against a balance of 1 h, so the cost check
// says the balance is short (92505000); 'task-refused' — the start is refused without a purchase code;
// 'task-breaks' — the synthesis fails; 'task-unreadable' — its progress cannot be read any more (the
// watcher gives up after its failed polls); 'task-offline' — the checklist cannot be read. The
// synthesis watcher reports 40% after 1 s and the end after 2 s.
import { map, merge, mergeMap, throwError, timer } from 'rxjs';
import { fromEventObservable, fromPromise, type AnyMachineSnapshot } from 'xstate';
import type { PathsModel } from '../../testing/paths';
import { SYNTHESIS_UNREADABLE, type DubSynthesis, type SynthesisUpdate, type VoiceoverChecklist, type VoiceoverTarget } from './voiceover.calls';
import { voiceoverMachine, type VoiceoverContext, type VoiceoverInput } from './voiceover.machine';

const TASKS = ['task-edited', 'task-done', 'task-saved', 'task-running', 'task-poor', 'task-refused', 'task-breaks', 'task-unreadable', 'task-offline'] as const;
/** The user's balance the cost check compares with, in seconds. */
const BALANCE_SECONDS = 3600;
/** Tasks with a composed video and nothing left to re-voice. */
const composed = (taskId: string) => taskId === 'task-done' || taskId === 'task-saved';
const input = (taskId: string): VoiceoverInput => ({ taskId, lang: 'es-ES', durationSeconds: 61, userId: 'u1' });

function checklistOf(taskId: string): VoiceoverChecklist {
  const synthesis: DubSynthesis | null =
    composed(taskId) ? { id: taskId, state: 'completed', videoUrl: '/v.mp4' } : taskId === 'task-running' ? { id: taskId, state: 'composing' } : null;
  return {
    revoiceLines: composed(taskId) ? 0 : 3,
    totalLines: 10,
    earlierDubbings: 1,
    costSeconds: taskId === 'task-poor' ? 2 * BALANCE_SECONDS : 0,
    speakers: [{ id: 's1', name: 'Speaker 1', voice: 'es+m1' }],
    voices: [{ code: 'es+m1', name: 'Spanish (male)', lang: 'es' }],
    synthesis,
  };
}

const LOAD_FAILURE = { messageKey: 'dubbing:voiceover.loadFailed' };
const POOR = { code: 92505000, messageKey: 'dubbing:balanceShort' };
const REFUSED = { code: 500, message: 'Refused' };
const DOWNLOAD_FAILURE = { messageKey: 'dubbing:voiceover.downloadFailed' };
const task = (snapshot: AnyMachineSnapshot) => (snapshot.context as VoiceoverContext).taskId;
const endOf = (taskId: string): DubSynthesis => ({ id: taskId, state: taskId === 'task-breaks' ? 'failed' : 'completed', videoUrl: '/v.mp4' });
const running = (taskId: string): SynthesisUpdate => ({ synthesis: { id: taskId, state: 'composing' }, progress: 40, step: 'dub' });

export const pathsModel: PathsModel = {
  name: 'voiceover',
  machine: voiceoverMachine.provide({
    actors: {
      loadChecklist: fromPromise<VoiceoverChecklist, VoiceoverTarget & { durationSeconds: number }>(async ({ input: target }) => {
        if (target.taskId === 'task-offline') throw LOAD_FAILURE;
        return checklistOf(target.taskId);
      }),
      checkCost: fromPromise<{ balance: number | null }, { userId: string | null; costSeconds: number }>(async ({ input: cost }) => {
        if (cost.costSeconds > BALANCE_SECONDS) throw POOR;
        return { balance: BALANCE_SECONDS };
      }),
      startSynthesis: fromPromise<DubSynthesis, VoiceoverTarget>(async ({ input: target }) => {
        if (target.taskId === 'task-refused') throw REFUSED;
        return { id: target.taskId, state: 'composing' };
      }),
      watchSynthesis: fromEventObservable<{ type: 'synthesis.update' } & SynthesisUpdate, VoiceoverTarget>(({ input: target }) =>
        target.taskId === 'task-unreadable'
          ? timer(1000).pipe(mergeMap(() => throwError(() => SYNTHESIS_UNREADABLE)))
          : merge(timer(1000).pipe(map(() => running(target.taskId))), timer(2000).pipe(map(() => ({ synthesis: endOf(target.taskId), progress: null, step: null })))).pipe(
              map((update) => ({ type: 'synthesis.update' as const, ...update })),
            ),
      ),
      download: fromPromise<void, { taskId: string; fileName: string }>(async ({ input: target }) => {
        if (target.taskId === 'task-done') throw DOWNLOAD_FAILURE;
      }),
    },
  }),
  inputs: TASKS.map(input),
  produced: ['synthesis.update'],
  events: {
    'synthesis.update': (snapshot) =>
      task(snapshot) === 'task-unreadable'
        ? []
        : [
            { type: 'synthesis.update', ...running(task(snapshot)) },
            { type: 'synthesis.update', synthesis: endOf(task(snapshot)), progress: null, step: null },
          ],
    'xstate.error.actor.watchSynthesis': (snapshot) => (task(snapshot) === 'task-unreadable' ? [{ type: 'xstate.error.actor.watchSynthesis', error: SYNTHESIS_UNREADABLE }] : []),
    'xstate.done.actor.loadChecklist': (snapshot) => (task(snapshot) === 'task-offline' ? [] : [{ type: 'xstate.done.actor.loadChecklist', output: checklistOf(task(snapshot)) }]),
    'xstate.error.actor.loadChecklist': (snapshot) => (task(snapshot) === 'task-offline' ? [{ type: 'xstate.error.actor.loadChecklist', error: LOAD_FAILURE }] : []),
    'xstate.done.actor.checkCost': (snapshot) => (task(snapshot) === 'task-poor' ? [] : [{ type: 'xstate.done.actor.checkCost', output: { balance: BALANCE_SECONDS } }]),
    'xstate.error.actor.checkCost': (snapshot) => (task(snapshot) === 'task-poor' ? [{ type: 'xstate.error.actor.checkCost', error: POOR }] : []),
    'xstate.done.actor.startSynthesis': (snapshot) =>
      task(snapshot) === 'task-refused' ? [] : [{ type: 'xstate.done.actor.startSynthesis', output: { id: task(snapshot), state: 'composing' } }],
    'xstate.error.actor.startSynthesis': (snapshot) => (task(snapshot) === 'task-refused' ? [{ type: 'xstate.error.actor.startSynthesis', error: REFUSED }] : []),
    'xstate.done.actor.download': (snapshot) => (task(snapshot) === 'task-done' ? [] : [{ type: 'xstate.done.actor.download' }]),
    'xstate.error.actor.download': (snapshot) => (task(snapshot) === 'task-done' ? [{ type: 'xstate.error.actor.download', error: DOWNLOAD_FAILURE }] : []),
  },
  serializeContext: (context: VoiceoverContext) => ({
    task: context.taskId,
    revoice: context.checklist?.revoiceLines ?? null,
    synthesis: context.synthesis?.state ?? null,
    error: context.errorKey ?? context.errorMessage ?? null,
  }),
};
