// Path model of the transcript page's data (convention: src/testing/paths.ts). The doubles
// answer by record id, one input each: 'r1' is transcribed, 'broken' cannot be read, 'busy' is still
// transcribing on the first read and done on the watcher's re-read, 'flaky' is transcribing and its
// re-reads fail, 'locked' refuses every edit (line, speaker, translation).
import { fromPromise, type AnyMachineSnapshot } from 'xstate';
import type { PathsModel } from '../../testing/paths';
import type { TranscriptLine, TranscriptQuery, TranscriptResult } from './transcript.types';
import { resultFor } from './transcript.doubles';
import { transcriptMachine, type TranscriptContext } from './transcript.machine';

const NOT_FOUND = { kind: 'business', code: 404, message: 'Not found' };
const REFUSED = { kind: 'business', message: 'Refused' };
const DONE = 'transcription_completed';

/** 'locked' arrives with l1's translation already stale, so its refused retranslation is walked too. */
function withStale(id: string, result: TranscriptResult): TranscriptResult {
  return id === 'locked' ? { ...result, lines: result.lines.map((line) => (line.id === 'l1' ? { ...line, translationStale: true } : line)) } : result;
}
function firstRead(id: string): TranscriptResult {
  if (id === 'broken') throw NOT_FOUND;
  return withStale(id, resultFor(id, id === 'busy' || id === 'flaky' ? 'transcribing' : DONE));
}
function reRead(id: string): TranscriptResult {
  if (id === 'flaky' || id === 'broken') throw NOT_FOUND;
  return withStale(id, resultFor(id, DONE));
}
const editsRefused = (id: string) => id === 'locked';

/** Done/error samples of one call, by what its double does for the snapshot's record. */
function outcomes(actorId: string, answer: (id: string) => unknown) {
  const settle = (snapshot: AnyMachineSnapshot) => {
    try {
      return { output: answer((snapshot.context as TranscriptContext).id) };
    } catch (error) {
      return { error };
    }
  };
  return {
    [`xstate.done.actor.${actorId}`]: (snapshot: AnyMachineSnapshot) => {
      const result = settle(snapshot);
      return 'output' in result ? [{ type: `xstate.done.actor.${actorId}`, output: result.output }] : [];
    },
    [`xstate.error.actor.${actorId}`]: (snapshot: AnyMachineSnapshot) => {
      const result = settle(snapshot);
      return 'error' in result ? [{ type: `xstate.error.actor.${actorId}`, error: result.error }] : [];
    },
  };
}
const edit = (id: string) => {
  if (editsRefused(id)) throw REFUSED;
  return undefined;
};

export const pathsModel: PathsModel = {
  name: 'transcript',
  machine: transcriptMachine.provide({
    actors: {
      fetchResult: fromPromise<TranscriptResult, TranscriptQuery>(async ({ input }) => firstRead(input.id)),
      refetchResult: fromPromise<TranscriptResult, TranscriptQuery>(async ({ input }) => reRead(input.id)),
      saveLine: fromPromise<void, { id: string; line: TranscriptLine }>(async ({ input }) => edit(input.id)),
      renameSpeaker: fromPromise<void, { id: string; from: string; to: string }>(async ({ input }) => edit(input.id)),
      addTranslation: fromPromise<void, { id: string; lang: string }>(async ({ input }) => edit(input.id)),
      retranslateLines: fromPromise<void, { id: string; lineIds?: string[] | undefined }>(async ({ input }) => edit(input.id)),
    },
  }),
  inputs: ['r1', 'broken', 'busy', 'flaky', 'locked'].map((id) => ({ id })),
  events: {
    'line.save': [{ type: 'line.save', lineId: 'l1', text: 'Hello again' }],
    'speaker.rename': [{ type: 'speaker.rename', from: 'Speaker 1', to: 'Ann' }],
    'translation.add': [{ type: 'translation.add', lang: 'es-ES' }],
    'translation.show': [{ type: 'translation.show', lang: 'es-ES' }],
    // Possible once saving l1's text made its translation stale.
    'translation.retranslate': [{ type: 'translation.retranslate' }, { type: 'translation.retranslate', lineIds: ['l1'] }],
    // Raised by the machine itself after a translation starts.
    'watch.resume': [],
    ...outcomes('fetchResult', firstRead),
    ...outcomes('refreshResult', reRead),
    ...outcomes('saveLine', edit),
    ...outcomes('renameSpeaker', edit),
    ...outcomes('addTranslation', edit),
    ...outcomes('retranslateLines', edit),
  },
  serializeContext: (ctx: TranscriptContext) => ({
    id: ctx.id,
    state: ctx.record?.state,
    lines: ctx.lines.map((line) => `${line.speaker}:${line.text}${line.translationStale ? ':stale' : ''}`),
    lang: ctx.lang,
    error: ctx.errorKey ?? ctx.errorMessage ?? null,
  }),
  maxSimplePaths: 20,
};
