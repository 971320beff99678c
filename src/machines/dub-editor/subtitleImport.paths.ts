// Path model of the subtitle import. The read double answers two cues for 'talk.srt' and refuses
// 'broken.srt' as the server would (the cue and line named); 'notes.txt' is refused before any call.
import { fromPromise, type AnyMachineSnapshot } from 'xstate';
import type { PathsModel } from '../../testing/paths';
import { subtitleImportMachine, type ReadSubtitles, type SubtitleImportContext } from './subtitleImport.machine';

const file = (name: string) => Object.assign(new Blob(['1\n00:00:01,000 --> 00:00:02,000\nHi\n']), { name });
const READ: ReadSubtitles = {
  fileName: 'talk.srt',
  encoding: 'UTF-16LE',
  cues: [
    { startMs: 1000, endMs: 2000, text: 'Hi' },
    { startMs: 3000, endMs: 4000, text: 'Bye' },
  ],
};
const REFUSAL = { kind: 'business', message: 'subtitle 2 (line 6 of the file) has a broken time line' };
const reading = (snapshot: AnyMachineSnapshot) => (snapshot.context as SubtitleImportContext).reading;

export const pathsModel: PathsModel = {
  name: 'subtitleImport',
  machine: subtitleImportMachine.provide({
    actors: {
      readSrt: fromPromise<ReadSubtitles, { file: Blob; name: string }>(async ({ input }) => {
        if (input.name === 'broken.srt') throw REFUSAL;
        return READ;
      }),
    },
  }),
  input: {},
  events: {
    'import.file': [{ type: 'import.file', file: file('talk.srt') }, { type: 'import.file', file: file('broken.srt') }, { type: 'import.file', file: file('notes.txt') }],
    'import.mode': [{ type: 'import.mode', mode: 'merge' }],
    'import.target': [{ type: 'import.target', target: 'bilingual' }],
    'import.confirm': [{ type: 'import.confirm' }],
    'import.cancel': [{ type: 'import.cancel' }],
    'xstate.done.actor.readSrt': (snapshot) => (reading(snapshot) === 'broken.srt' ? [] : [{ type: 'xstate.done.actor.readSrt', output: READ }]),
    'xstate.error.actor.readSrt': (snapshot) => (reading(snapshot) === 'broken.srt' ? [{ type: 'xstate.error.actor.readSrt', error: REFUSAL }] : []),
  },
  serializeContext: (context: SubtitleImportContext) => ({ reading: context.reading, read: context.read?.fileName ?? null, mode: context.mode, target: context.target, failed: context.error !== null }),
};
