// The host's microphone recording (features §2 recording states: starting, recording, paused,
// stopped), with the failures the spec names: no microphone permission, microphone/audio not
// supported, and 'no sound detected' while recording. Pausing releases the microphone.
// Plain TypeScript: the worklet's URL comes in with the input (the browser build's URL is exported
// by ./recording.browser.ts, the only Vite-only module here), so the machine loads under Node.
import { map, merge, share } from 'rxjs';
import { assign, fromCallback, setup } from 'xstate';
import { browserAudioEnvironment, microphone$, MicrophoneError, type MicrophoneFailureReason } from '../../streams/audio$';
import { meterLevels$, silence$ } from '../../streams/level$';

export interface RecordingInput {
  /** Where PCM frames go (the live socket's audio input). */
  sendAudio: (pcm: ArrayBuffer) => void;
  /** Where the browser loads the PCM16 audio worklet from (`pcm16DownsamplerUrl` of ./recording.browser). */
  workletUrl: string;
}

export interface RecordingContext {
  sendAudio: (pcm: ArrayBuffer) => void;
  workletUrl: string;
  level: number;
  noSound: boolean;
  failure: MicrophoneFailureReason | null;
}

export type RecordingEvent =
  | { type: 'recording.start' }
  | { type: 'recording.pause' }
  | { type: 'recording.resume' }
  | { type: 'recording.stop' }
  | { type: 'microphone.opened' }
  | { type: 'microphone.level'; level: number }
  | { type: 'microphone.silence'; silent: boolean }
  | { type: 'microphone.failed'; reason: MicrophoneFailureReason };

/** What the `microphone` actor gets: where frames go and where the worklet is. */
export interface MicrophoneInput {
  sendAudio: (pcm: ArrayBuffer) => void;
  workletUrl: string;
}

export const recordingMachine = setup({
  types: {
    context: {} as RecordingContext,
    events: {} as RecordingEvent,
    input: {} as RecordingInput,
  },
  actors: {
    microphone: fromCallback<RecordingEvent, MicrophoneInput>(({ input, sendBack }) => {
      const frames$ = microphone$(browserAudioEnvironment(input.workletUrl)).pipe(share());
      const rms$ = frames$.pipe(map((frame) => frame.rms));
      let opened = false;
      const subscription = merge(
        frames$.pipe(
          map((frame) => {
            if (!opened) {
              opened = true;
              sendBack({ type: 'microphone.opened' });
            }
            input.sendAudio(frame.pcm);
            return null;
          }),
        ),
        meterLevels$(rms$).pipe(map((level) => sendBack({ type: 'microphone.level', level }))),
        silence$(rms$).pipe(map((silent) => sendBack({ type: 'microphone.silence', silent }))),
      ).subscribe({
        error: (error: unknown) =>
          sendBack({
            type: 'microphone.failed',
            reason: error instanceof MicrophoneError ? error.reason : 'microphoneUnavailable',
          }),
      });
      return () => subscription.unsubscribe();
    }),
  },
  actions: {
    showLevel: assign({ level: ({ event, context }) => (event.type === 'microphone.level' ? event.level : context.level) }),
    showSilence: assign({ noSound: ({ event, context }) => (event.type === 'microphone.silence' ? event.silent : context.noSound) }),
    rememberFailure: assign({
      failure: ({ event, context }) => (event.type === 'microphone.failed' ? event.reason : context.failure),
    }),
    resetMeter: assign({ level: 0, noSound: false, failure: null }),
  },
}).createMachine({
  id: 'recording',
  context: ({ input }) => ({ sendAudio: input.sendAudio, workletUrl: input.workletUrl, level: 0, noSound: false, failure: null }),
  initial: 'idle',
  states: {
    idle: { on: { 'recording.start': { target: 'active', actions: 'resetMeter' } } },
    // The microphone stays open across starting → recording; leaving 'active' releases it.
    active: {
      invoke: { src: 'microphone', id: 'microphone', input: ({ context }) => ({ sendAudio: context.sendAudio, workletUrl: context.workletUrl }) },
      initial: 'starting',
      on: {
        'microphone.failed': { target: 'failed', actions: 'rememberFailure' },
        'recording.pause': { target: 'paused' },
        'recording.stop': { target: 'stopped' },
      },
      states: {
        starting: { on: { 'microphone.opened': 'recording' } },
        recording: {
          on: {
            'microphone.level': { actions: 'showLevel' },
            'microphone.silence': { actions: 'showSilence' },
          },
        },
      },
    },
    paused: {
      entry: assign({ level: 0 }),
      on: {
        'recording.resume': { target: 'active', actions: 'resetMeter' },
        'recording.stop': { target: 'stopped' },
      },
    },
    failed: {
      on: {
        'recording.start': { target: 'active', actions: 'resetMeter' },
        'recording.stop': { target: 'stopped' },
      },
    },
    stopped: { type: 'final', entry: assign({ level: 0 }) },
  },
});

type Snapshot = { context: RecordingContext; matches(value: unknown): boolean };
export const selectRecordingStatus = (snapshot: Snapshot): 'idle' | 'starting' | 'recording' | 'paused' | 'stopped' | 'failed' => {
  if (snapshot.matches({ active: 'starting' })) return 'starting';
  if (snapshot.matches({ active: 'recording' })) return 'recording';
  if (snapshot.matches('paused')) return 'paused';
  if (snapshot.matches('stopped')) return 'stopped';
  if (snapshot.matches('failed')) return 'failed';
  return 'idle';
};
