// Path model of the line preview. A request whose text starts with 'fail' is refused by the double
// (the server could not voice it); anything else answers a WAV.
import { fromPromise, type AnyMachineSnapshot } from 'xstate';
import type { PathsModel } from '../../testing/paths';
import { linePreviewMachine, type LinePreviewContext, type LinePreviewRequest } from './linePreview.machine';

const request = (text: string): LinePreviewRequest => ({ taskId: 't1', lineId: `l-${text}`, text, speakerId: 's1', startMs: 1000, endMs: 2500 });
const failing = (snapshot: AnyMachineSnapshot) => ((snapshot.context as LinePreviewContext).request?.text ?? '').startsWith('fail');
const WAV = new Blob([new Uint8Array([82, 73, 70, 70])], { type: 'audio/wav' });

export const pathsModel: PathsModel = {
  name: 'linePreview',
  machine: linePreviewMachine.provide({
    actors: {
      voiceLine: fromPromise<Blob, LinePreviewRequest>(async ({ input }) => {
        if (input.text.startsWith('fail')) throw { messageKey: 'dubEditor:previewFailed' };
        return WAV;
      }),
    },
  }),
  events: {
    preview: [{ type: 'preview', request: request('hello') }, { type: 'preview', request: request('fail') }],
    'xstate.done.actor.voiceLine': (snapshot) => (failing(snapshot) ? [] : [{ type: 'xstate.done.actor.voiceLine', output: WAV }]),
    'xstate.error.actor.voiceLine': (snapshot) =>
      failing(snapshot) ? [{ type: 'xstate.error.actor.voiceLine', error: { messageKey: 'dubEditor:previewFailed' } }] : [],
  },
  serializeContext: (context: LinePreviewContext) => ({ line: context.request?.lineId ?? null, audio: Boolean(context.audio), error: context.errorKey }),
};
