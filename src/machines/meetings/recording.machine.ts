// The host's microphone recording (features §2 recording states: starting, recording, paused,
// stopped), with the failures the spec names: no microphone permission, microphone/audio not
// supported, and 'no sound detected' while recording. Pausing releases the microphone.
// Each PCM frame goes to the parent as `recording.audio` (hostMeeting puts it on the socket) and is
// emitted for any other listener. `recording.follow` lets the parent steer it by the meeting status.
// Plain TypeScript: the worklet's URL comes in with the input (the browser build's URL is exported
// by ./recording.browser.ts, the only Vite-only module here), so the machine loads under Node.
import { map, merge, share } from 'rxjs';
import { assign, emit, fromCallback, sendTo, setup, type AnyActorRef } from 'xstate';
import type { MeetingStatus } from '../../shared/contract/meeting';
import { browserAudioEnvironment, microphone$, MicrophoneError, type MicrophoneFailureReason } from '../../streams/audio$';
import { meterLevels$, silence$ } from '../../streams/level$';

export interface RecordingInput {
  /** Where the browser loads the PCM16 audio worklet from (`pcm16DownsamplerUrl` of ./recording.browser). */
  workletUrl: string;
}

export interface RecordingContext {
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
  /** The meeting's status: in progress starts or resumes, paused pauses, ended stops. */
  | { type: 'recording.follow'; status: MeetingStatus }
  | { type: 'microphone.opened' }
  | { type: 'microphone.frame'; pcm: ArrayBuffer }
  | { type: 'microphone.level'; level: number }
  | { type: 'microphone.silence'; silent: boolean }
  | { type: 'microphone.failed'; reason: MicrophoneFailureReason };

/** Emitted for each microphone frame (16 kHz PCM16LE). */
export type RecordingEmitted = { type: 'recording.audio'; pcm: ArrayBuffer };

export const recordingMachine = setup({
  types: {
    context: {} as RecordingContext,
    events: {} as RecordingEvent,
    emitted: {} as RecordingEmitted,
    input: {} as RecordingInput,
  },
  actors: {
    microphone: fromCallback<RecordingEvent, RecordingInput>(({ input, sendBack }) => {
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
            sendBack({ type: 'microphone.frame', pcm: frame.pcm });
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
    emitAudio: emit(({ event }) => ({ type: 'recording.audio' as const, pcm: event.type === 'microphone.frame' ? event.pcm : new ArrayBuffer(0) })),
    // Without a parent the target falls back to the machine itself, which ignores the event.
    audioToParent: sendTo(
      ({ self }) => (self as AnyActorRef & { _parent?: AnyActorRef })._parent ?? self,
      ({ event }) => ({ type: 'recording.audio', pcm: event.type === 'microphone.frame' ? event.pcm : new ArrayBuffer(0) }),
    ),
  },
  guards: {
    followsTo: ({ event }, status: MeetingStatus) => event.type === 'recording.follow' && event.status === status,
  },
}).createMachine({
  id: 'recording',
  context: ({ input }) => ({ workletUrl: input.workletUrl, level: 0, noSound: false, failure: null }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'recording.start': { target: 'active', actions: 'resetMeter' },
        'recording.follow': { guard: { type: 'followsTo', params: 'in_progress' }, target: 'active', actions: 'resetMeter' },
      },
    },
    // The microphone stays open across starting → recording; leaving 'active' releases it.
    active: {
      invoke: { src: 'microphone', id: 'microphone', input: ({ context }) => ({ workletUrl: context.workletUrl }) },
      initial: 'starting',
      on: {
        'microphone.failed': { target: 'failed', actions: 'rememberFailure' },
        'recording.pause': { target: 'paused' },
        'recording.stop': { target: 'stopped' },
        'recording.follow': [
          { guard: { type: 'followsTo', params: 'paused' }, target: 'paused' },
          { guard: { type: 'followsTo', params: 'ended' }, target: 'stopped' },
        ],
        'microphone.frame': { actions: ['emitAudio', 'audioToParent'] },
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
        'recording.follow': [
          { guard: { type: 'followsTo', params: 'in_progress' }, target: 'active', actions: 'resetMeter' },
          { guard: { type: 'followsTo', params: 'ended' }, target: 'stopped' },
        ],
      },
    },
    failed: {
      on: {
        'recording.start': { target: 'active', actions: 'resetMeter' },
        'recording.stop': { target: 'stopped' },
        'recording.follow': { guard: { type: 'followsTo', params: 'ended' }, target: 'stopped' },
      },
    },
    stopped: { type: 'final', entry: assign({ level: 0 }) },
  },
});

type Snapshot = { context: RecordingContext; matches(value: unknown): boolean };
export const selectLevel = (snapshot: Snapshot) => snapshot.context.level;
export const selectNoSound = (snapshot: Snapshot) => snapshot.context.noSound;
export const selectMicrophoneFailure = (snapshot: Snapshot) => snapshot.context.failure;
export const selectRecordingStatus = (snapshot: Snapshot): 'idle' | 'starting' | 'recording' | 'paused' | 'stopped' | 'failed' => {
  if (snapshot.matches({ active: 'starting' })) return 'starting';
  if (snapshot.matches({ active: 'recording' })) return 'recording';
  if (snapshot.matches('paused')) return 'paused';
  if (snapshot.matches('stopped')) return 'stopped';
  if (snapshot.matches('failed')) return 'failed';
  return 'idle';
};
