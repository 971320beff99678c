// Path model of the transcript page's data (convention: src/machines/testing/paths.ts).
import { fromPromise } from 'xstate';
import type { PathsModel } from './testing/paths';
import type { TranscriptQuery, TranscriptResult } from './transcript.calls';
import { resultFor, transcriptDoubles } from './transcript.doubles';

export const pathsModel: PathsModel = {
  name: 'transcript',
  // The watcher's re-read stays pending so a path can stop in 'refreshing'.
  machine: transcriptDoubles({ reads: 0, saved: [], renames: [], translations: [] }).provide({
    actors: { refetchResult: fromPromise<TranscriptResult, TranscriptQuery>(() => new Promise(() => undefined)) },
  }),
  input: { id: 'r1' },
  events: {
    'line.save': [{ type: 'line.save', lineId: 'l1', text: 'Hello again' }],
    'speaker.rename': [{ type: 'speaker.rename', from: 'Speaker 1', to: 'Ann' }],
    'translation.add': [{ type: 'translation.add', lang: 'es-ES' }],
    'translation.show': [{ type: 'translation.show', lang: 'es-ES' }],
    'watch.resume': [],
    'xstate.done.actor.fetchResult': [{ type: 'xstate.done.actor.fetchResult', output: resultFor('r1', 'transcription_completed') }],
    'xstate.done.actor.saveLine': [{ type: 'xstate.done.actor.saveLine' }],
    'xstate.done.actor.renameSpeaker': [{ type: 'xstate.done.actor.renameSpeaker' }],
    'xstate.done.actor.addTranslation': [{ type: 'xstate.done.actor.addTranslation' }],
  },
  serializeContext: (ctx: { record: { state: string } | null; lines: Array<{ text: string; speaker?: string | null }>; lang?: string }) => ({
    state: ctx.record?.state,
    lines: ctx.lines.map((line) => `${line.speaker}:${line.text}`),
    lang: ctx.lang,
  }),
  maxSimplePaths: 30,
};
