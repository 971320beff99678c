// Path model of the recording machine; the microphone double does nothing, the replay sends what
// a microphone would (opened, levels, silence, failures).
import { fromCallback } from 'xstate';
import type { PathsModel } from '../../testing/paths';
import { recordingMachine, type RecordingContext } from './recording.machine';

export const pathsModel: PathsModel = {
  name: 'recording',
  machine: recordingMachine.provide({ actors: { microphone: fromCallback(() => () => undefined) } }),
  input: { workletUrl: '/pcm16-downsampler.worklet.js' },
  serializeContext: (context: RecordingContext) => ({ noSound: context.noSound, failure: context.failure, loud: context.level > 0 }),
  events: {
    'microphone.frame': [{ type: 'microphone.frame', pcm: new ArrayBuffer(4) }],
    'recording.follow': [
      { type: 'recording.follow', status: 'in_progress' },
      { type: 'recording.follow', status: 'paused' },
      { type: 'recording.follow', status: 'ended' },
    ],
    'microphone.level': [{ type: 'microphone.level', level: 0.5 }],
    'microphone.silence': [
      { type: 'microphone.silence', silent: true },
      { type: 'microphone.silence', silent: false },
    ],
    'microphone.failed': [
      { type: 'microphone.failed', reason: 'microphoneDenied' },
      { type: 'microphone.failed', reason: 'audioNotSupported' },
    ],
  },
};
