// The host's meeting (features §4): not started → in progress ⇄ paused → ended, plus the repair of
// a meeting left paused by an abnormal close (stopMeeting closes its recording). Setup (languages,
// styles, terms) is the meetingSetup machine's; 'setup' waits for its config in meeting.create. The
// socket's meeting.state messages arrive as meeting.stateChanged.
import { assign, fromPromise, setup } from 'xstate';
import { describeError } from '../../api/errors';
import { createMeeting } from '../../api/meetings/create-meeting';
import { getMeetingActor } from '../../api/meetings/get-meeting';
import type { CreateMeetingInput, Meeting, MeetingState } from '../../api/meetings/meeting-types';
import { stopMeetingActor } from '../../api/meetings/stop-meeting';
import { DEFAULT_MEETING_CONFIG, setupProblems, toSubtitleStyle, type MeetingConfig } from './meetingSetup.rules';

/** The meeting's states, for the views that show them. */
export type { MeetingState };

export type ControlAction = 'start' | 'pause' | 'resume' | 'stop';

export interface MeetingInput {
  /** An existing meeting (reload, or the repair link of a meeting left paused). */
  meetingId?: string | null;
  /** Sends a control message on the live socket. */
  sendControl?: (action: ControlAction) => void;
  now?: () => number;
}

export interface MeetingContext {
  config: MeetingConfig;
  meeting: Meeting | null;
  errorMessage: string | null;
  errorKey: string | null;
  sendControl: (action: ControlAction) => void;
  now: () => number;
  /** Time in progress before the current run, and when the current run began (null when not running). */
  elapsedBeforeMs: number;
  runningSinceMs: number | null;
}

export type MeetingEvent =
  | { type: 'meeting.create'; config: MeetingConfig }
  | { type: 'meeting.start' }
  | { type: 'meeting.pause' }
  | { type: 'meeting.resume' }
  | { type: 'meeting.stop' }
  | { type: 'meeting.repair' }
  | { type: 'meeting.continue' }
  | { type: 'meeting.stateChanged'; state: MeetingState };

/** The shared reading of a failure, in this machine's null-for-absent context. */
function describeMeetingError(error: unknown): Pick<MeetingContext, 'errorMessage' | 'errorKey'> {
  const { errorMessage, errorKey } = describeError(error, 'meetings:requestFailed');
  return { errorMessage: errorMessage ?? null, errorKey: errorMessage ? null : (errorKey ?? 'meetings:requestFailed') };
}

const stateIs = (state: MeetingState) => ({ event }: { event: MeetingEvent }) =>
  event.type === 'meeting.stateChanged' && event.state === state;
const loadedStateIs = (state: MeetingState) => ({ event }: { event: unknown }) =>
  (event as { output?: Meeting }).output?.state === state;

/** What an ended meeting leaves its parent (xstate reports no final snapshot to a parent). */
export interface MeetingOutput {
  meeting: Meeting | null;
  elapsedBeforeMs: number;
}

export const meetingMachine = setup({
  types: {
    context: {} as MeetingContext,
    events: {} as MeetingEvent,
    input: {} as MeetingInput,
    output: {} as MeetingOutput,
  },
  actors: {
    loadMeeting: getMeetingActor,
    // The setup form's input (style required), narrower than the contract's body.
    createMeeting: fromPromise<Meeting, CreateMeetingInput>(({ input, signal }) => createMeeting(input, signal)),
    stopMeeting: stopMeetingActor,
    control: fromPromise<void, { action: ControlAction; send: (action: ControlAction) => void }>(async ({ input }) =>
      input.send(input.action),
    ),
  },
  actions: {
    takeConfig: assign({
      config: ({ context, event }) => (event.type === 'meeting.create' ? event.config : context.config),
    }),
    clearError: assign({ errorMessage: null, errorKey: null }),
    adoptMeeting: assign({ meeting: (_, meeting: Meeting) => meeting }),
    rememberError: assign((_, error: unknown) => describeMeetingError(error)),
    startClock: assign({ runningSinceMs: ({ context }) => context.runningSinceMs ?? context.now() }),
    stopClock: assign(({ context }) => ({
      elapsedBeforeMs: context.elapsedBeforeMs + (context.runningSinceMs === null ? 0 : context.now() - context.runningSinceMs),
      runningSinceMs: null,
    })),
  },
  guards: {
    hasMeetingId: ({ context }) => Boolean(context.meeting?.id),
    setupValid: ({ event }) => event.type === 'meeting.create' && setupProblems(event.config).length === 0,
    loadedEnded: loadedStateIs('ended'),
    loadedPaused: loadedStateIs('paused'),
    loadedInProgress: loadedStateIs('in_progress'),
    serverInProgress: stateIs('in_progress'),
    serverPaused: stateIs('paused'),
    serverEnded: stateIs('ended'),
  },
}).createMachine({
  id: 'meeting',
  context: ({ input }) => ({
    config: DEFAULT_MEETING_CONFIG,
    meeting: input.meetingId ? ({ id: input.meetingId } as Meeting) : null,
    errorMessage: null,
    errorKey: null,
    sendControl: input.sendControl ?? (() => undefined),
    now: input.now ?? Date.now,
    elapsedBeforeMs: 0,
    runningSinceMs: null,
  }),
  initial: 'deciding',
  states: {
    deciding: { always: [{ guard: 'hasMeetingId', target: 'checking' }, { target: 'setup' }] },
    checking: {
      invoke: {
        src: 'loadMeeting',
        id: 'loadMeeting',
        input: ({ context }) => ({ id: context.meeting!.id }),
        onDone: [
          { guard: 'loadedEnded', target: 'ended', actions: { type: 'adoptMeeting', params: ({ event }) => event.output } },
          { guard: 'loadedPaused', target: 'needsRepair', actions: { type: 'adoptMeeting', params: ({ event }) => event.output } },
          { guard: 'loadedInProgress', target: 'live.inProgress', actions: { type: 'adoptMeeting', params: ({ event }) => event.output } },
          { target: 'created', actions: { type: 'adoptMeeting', params: ({ event }) => event.output } },
        ],
        onError: {
          target: 'setup',
          actions: [assign({ meeting: null }), { type: 'rememberError', params: ({ event }: { event: { error: unknown } }) => event.error }],
        },
      },
    },
    // Not started: choosing languages, styles and accepting the terms.
    setup: {
      on: {
        'meeting.create': { guard: 'setupValid', target: 'creating', actions: ['takeConfig', 'clearError'] },
      },
    },
    creating: {
      invoke: {
        src: 'createMeeting',
        id: 'createMeeting',
        input: ({ context }) => ({
          ...(context.config.name.trim() ? { name: context.config.name.trim() } : {}),
          recognitionLanguages: context.config.recognitionLanguages,
          translationLanguages: context.config.translationLanguages,
          subtitleStyle: toSubtitleStyle(context.config.style),
          ...(context.config.documentIds?.length ? { documentIds: context.config.documentIds } : {}),
        }),
        onDone: { target: 'live', actions: { type: 'adoptMeeting', params: ({ event }) => event.output } },
        onError: { target: 'setup', actions: { type: 'rememberError', params: ({ event }: { event: { error: unknown } }) => event.error } },
      },
    },
    // Created earlier but never started (a reload before the start reached the server).
    created: { on: { 'meeting.start': 'live' } },
    live: {
      initial: 'starting',
      on: {
        'meeting.stop': '.stopping',
        'meeting.stateChanged': [
          { guard: 'serverEnded', target: 'ended' },
          { guard: 'serverPaused', target: '.paused' },
          { guard: 'serverInProgress', target: '.inProgress' },
        ],
      },
      states: {
        starting: {
          invoke: {
            src: 'control',
            id: 'controlStart',
            input: ({ context }) => ({ action: 'start' as const, send: context.sendControl }),
          },
        },
        inProgress: {
          entry: 'startClock',
          exit: 'stopClock',
          on: { 'meeting.pause': 'pausing' },
        },
        pausing: {
          invoke: {
            src: 'control',
            id: 'controlPause',
            input: ({ context }) => ({ action: 'pause' as const, send: context.sendControl }),
            onDone: 'paused',
          },
        },
        paused: { on: { 'meeting.resume': 'resuming' } },
        resuming: {
          invoke: {
            src: 'control',
            id: 'controlResume',
            input: ({ context }) => ({ action: 'resume' as const, send: context.sendControl }),
            onDone: 'inProgress',
          },
        },
        stopping: {
          on: { 'meeting.stop': {}, 'meeting.stateChanged': {} },
          invoke: {
            src: 'stopMeeting',
            id: 'stopMeeting',
            input: ({ context }) => ({ id: context.meeting!.id }),
            onDone: { target: '#meeting.ended', actions: { type: 'adoptMeeting', params: ({ event }) => event.output } },
            onError: { target: 'paused', actions: { type: 'rememberError', params: ({ event }: { event: { error: unknown } }) => event.error } },
          },
        },
      },
    },
    // Left paused by an abnormal close: end it (closing its recording) or carry on.
    needsRepair: {
      on: {
        'meeting.repair': { target: 'repairing', actions: 'clearError' },
        'meeting.continue': 'live.paused',
      },
    },
    repairing: {
      invoke: {
        src: 'stopMeeting',
        id: 'repairMeeting',
        input: ({ context }) => ({ id: context.meeting!.id }),
        onDone: { target: 'ended', actions: { type: 'adoptMeeting', params: ({ event }) => event.output } },
        onError: { target: 'needsRepair', actions: { type: 'rememberError', params: ({ event }: { event: { error: unknown } }) => event.error } },
      },
    },
    ended: { type: 'final' },
  },
  output: ({ context }) => ({ meeting: context.meeting, elapsedBeforeMs: context.elapsedBeforeMs }),
});

type Snapshot = { context: MeetingContext; matches(value: unknown): boolean };

/** The spec's four meeting states, as shown. */
export function selectMeetingStatus(snapshot: Snapshot): MeetingState {
  if (snapshot.matches('ended')) return 'ended';
  if (snapshot.matches({ live: 'paused' }) || snapshot.matches({ live: 'resuming' }) || snapshot.matches('needsRepair')) return 'paused';
  if (snapshot.matches('live')) return 'in_progress';
  return 'not_started';
}

export const selectMeeting = (snapshot: Snapshot) => snapshot.context.meeting;
export const selectMeetingConfig = (snapshot: Snapshot) => snapshot.context.config;
/** A control or the stop is on its way to the server. */
export const selectMeetingBusy = (snapshot: Snapshot) =>
  snapshot.matches({ live: 'stopping' }) || snapshot.matches({ live: 'pausing' }) || snapshot.matches({ live: 'resuming' });
/** Which part of the page the meeting shows. */
export type MeetingStage = 'loading' | 'setup' | 'creating' | 'created' | 'needsRepair' | 'repairing' | 'live' | 'ended';
export function selectMeetingStage(snapshot: Snapshot): MeetingStage {
  for (const stage of ['setup', 'creating', 'created', 'needsRepair', 'repairing', 'live', 'ended'] as const) {
    if (snapshot.matches(stage)) return stage;
  }
  return 'loading';
}
/** The subtitle languages of the meeting: those chosen here, or those of the meeting loaded. */
export const selectTranslationLanguages = (snapshot: Snapshot) =>
  snapshot.context.config.translationLanguages.length ? snapshot.context.config.translationLanguages : (snapshot.context.meeting?.translationLanguages ?? []);

export function selectElapsedMs(snapshot: Snapshot, nowMs: number): number {
  const { elapsedBeforeMs, runningSinceMs } = snapshot.context;
  return elapsedBeforeMs + (runningSinceMs === null ? 0 : Math.max(0, nowMs - runningSinceMs));
}
