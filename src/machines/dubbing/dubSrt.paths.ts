// Path model of a dubbing video's subtitle file (convention: src/testing/paths.ts). SRT
// samples (dubbing.doubles.ts): 'good.srt' is stored, 'bad.srt' refused by the server, 'notes.txt'
// is not an SRT (refused with a notice before any call).
import type { AnyMachineSnapshot } from 'xstate';
import type { PathsModel } from '../../testing/paths';
import { dubSrtDoubles, newLog } from './dubbing.doubles';
import type { DubSrtContext } from './dubSrt.machine';

const ctx = (snapshot: AnyMachineSnapshot) => snapshot.context as DubSrtContext;
const refused = (snapshot: AnyMachineSnapshot) => ctx(snapshot).pendingSrtName?.startsWith('bad') ?? false;
const srtFile = (name: string) => Object.assign(new Blob(['1\n00:00:00,000 --> 00:00:01,000\nHi\n']), { name });

export const pathsModel: PathsModel = {
  name: 'dubSrt',
  machine: dubSrtDoubles(newLog()),
  input: { fileId: 'f1' },
  events: {
    'srt.chosen': [
      { type: 'srt.chosen', file: srtFile('good.srt') },
      { type: 'srt.chosen', file: srtFile('bad.srt') },
      { type: 'srt.chosen', file: srtFile('notes.txt') },
    ],
    'srt.type': [{ type: 'srt.type', srtFileType: 3 }],
    'xstate.done.actor.uploadSrt': (snapshot) =>
      refused(snapshot) ? [] : [{ type: 'xstate.done.actor.uploadSrt', output: { name: 'good.srt', url: '/files/good.srt' } }],
    'xstate.error.actor.uploadSrt': (snapshot) =>
      refused(snapshot) ? [{ type: 'xstate.error.actor.uploadSrt', error: { kind: 'business', message: 'Not an SRT' } }] : [],
  },
  serializeContext: (context: DubSrtContext) => ({ srt: context.srt?.name ?? null, srtFileType: context.srtFileType, pending: context.pendingSrtName }),
};
