// The host's side of a live meeting (features §2, §4, §5), the parent of everything the /meeting
// page runs: the meeting itself (load, create, start, pause, stop, repair), its setup while it is
// not started, and once it is live the subtitle socket, the microphone, the instant summary,
// sharing, the invitation (meetingInvite) and the cast code. The wiring between them lives here, not in React:
// - the meeting's control messages (start, pause, resume) go up the socket (queued until it exists);
// - the microphone's frames (`recording.audio`, sent to this parent) go up the socket as audio;
// - the server's word on the meeting state (the socket's meeting.state) goes to the meeting;
// - the microphone follows the meeting: recording in progress, released while paused, off at the end;
// - the host's live time (the socket's meeting.allowance): used up → the meeting is paused by the
//   server and the host offered the purchase; paid → the server resumes it (restored), or, when it
//   has not within RESUME_AFTER_PAID_MS (it may run on another instance), the host resumes it.
import { interval, map } from 'rxjs';
import {
  assign,
  enqueueActions,
  fromEventObservable,
  fromPromise,
  sendTo,
  setup,
  type ActorRefFrom,
  type SnapshotFrom,
} from 'xstate';
import { DEFAULT_SUBTITLE_LOOK, type SubtitleLook } from '../../shared/contract/meeting';
import type { LiveClientMessage } from '../../streams/socket$';
import { socketUrlFor } from './live-connection';
import { liveSubtitlesMachine, type LiveAllowanceMessage } from './liveSubtitles.machine';
import { createScreenCode } from '../../api/meetings/create-screen-code';
import { setMeetingSharing } from '../../api/meetings/edit-meeting';
import { screenOperation, type ScreenOperationRequest } from '../../api/meetings/screen-operation';
import type { Meeting, MeetingState, ScreenCode } from '../../api/meetings/meeting-types';
import {
  meetingMachine,
  selectMeetingBusy,
  selectMeetingStage,
  selectMeetingStatus,
  selectTranslationLanguages,
  type ControlAction,
  type MeetingOutput,
  type MeetingStage,
} from './meeting.machine';
import { meetingSetupMachine, type MeetingSetupInput, type MeetingSetupOutput } from './meetingSetup.machine';
import { meetingInviteMachine } from './meetingInvite.machine';
import { meetingSummaryMachine } from './meetingSummary.machine';
import { recordingMachine } from './recording.machine';

export const CLOCK_TICK_MS = 1000;
/** After a purchase, how long the server has to resume the meeting by itself before the host asks. */
export const RESUME_AFTER_PAID_MS = 2000;
/** How long 'resumed' stays on screen. */
export const RESUMED_NOTICE_MS = 8000;

export interface HostMeetingInput {
  /** An existing meeting (reload, or the repair link of a meeting left paused). */
  meetingId?: string | null;
  /** Origin of the share and cast links (the page's). */
  origin?: string;
  /** The live socket's address for a meeting (tests give a fixed one). */
  socketUrl?: (meetingId: string) => string;
  now?: () => number;
  /** Where the browser loads the microphone's audio worklet (`pcm16DownsamplerUrl`). */
  workletUrl: string;
}

/** What the page shows of the meeting child, kept here so the view reads one actor. */
export interface MeetingView {
  stage: MeetingStage;
  status: MeetingState;
  busy: boolean;
  meeting: Meeting | null;
  translationLanguages: string[];
  look: SubtitleLook;
  errorMessage: string | null;
  errorKey: string | null;
  elapsedBeforeMs: number;
  runningSinceMs: number | null;
}

export interface HostMeetingContext {
  view: MeetingView;
  origin: string;
  workletUrl: string;
  socketUrl: (meetingId: string) => string;
  now: () => number;
  nowMs: number;
  /** Control messages given before the socket existed (the start), sent once it is ready. */
  pendingMessages: LiveClientMessage[];
  /** The last meeting state the socket reported. */
  serverState: MeetingState | null;
  /** The submitted setup, given back to the setup when the create fails. */
  setupDraft: MeetingSetupOutput | null;
  sharingOpen: boolean;
  castCode: ScreenCode | null;
  /** Every screen this host made a code for (multi-screen), as the host last set it. */
  screens: CastScreen[];
  /** The screen operation being sent. */
  screenOperation: ScreenOperationRequest | null;
  copied: boolean;
  /** The recording child runs (live). */
  microphoneOn: boolean;
  /** The last meeting.allowance acted on (its seq), and the refusal code of the last 'used up'. */
  allowanceSeq: number;
  allowanceCode: number | null;
}

/** A cast screen as the host last set it. */
export interface CastScreen {
  code: string;
  paused: boolean;
  /** '' = the original only; null = as the meeting's style says. */
  language: string | null;
  fontSize: number | null;
}

/** What the host changes on one screen. */
export type ScreenChange = { code: string } & (
  | { action: 'pause' | 'resume' | 'disconnect' }
  | { action: 'style'; translationLanguage?: string; fontSize?: number }
);

/** A screen after a change the server accepted (a disconnected one is gone). */
export function applyScreenChange(screens: readonly CastScreen[], change: ScreenOperationRequest): CastScreen[] {
  if (change.action === 'disconnect') return screens.filter((screen) => screen.code !== change.code);
  return screens.map((screen) => {
    if (screen.code !== change.code) return screen;
    if (change.action === 'pause' || change.action === 'resume') return { ...screen, paused: change.action === 'pause' };
    return {
      ...screen,
      ...(change.translationLanguage !== undefined ? { language: change.translationLanguage } : {}),
      ...(change.fontSize !== undefined ? { fontSize: change.fontSize } : {}),
    };
  });
}

export type HostMeetingEvent =
  | { type: 'host.control'; action: ControlAction }
  | { type: 'host.retryMicrophone' }
  // End meeting asks first (it cannot be undone): ask → confirm or cancel.
  | { type: 'host.askStop' }
  | { type: 'host.cancelStop' }
  | { type: 'host.confirmStop' }
  | { type: 'share.toggle'; open: boolean }
  | { type: 'share.copy' }
  | { type: 'share.castCode' }
  | { type: 'screen.change'; change: ScreenChange }
  | { type: 'clock.tick' }
  | { type: 'recording.audio'; pcm: ArrayBuffer }
  // The host's live time, from the socket (meeting.allowance), and the purchase dialog's payment.
  | { type: 'allowance.usedUp'; code: number | null }
  | { type: 'allowance.restored' }
  | { type: 'host.purchasePaid' }
  | { type: 'allowance.dismiss' };

type MeetingSnapshot = SnapshotFrom<typeof meetingMachine>;

const INITIAL_VIEW: MeetingView = {
  stage: 'loading',
  status: 'not_started',
  busy: false,
  meeting: null,
  translationLanguages: [],
  look: DEFAULT_SUBTITLE_LOOK,
  errorMessage: null,
  errorKey: null,
  elapsedBeforeMs: 0,
  runningSinceMs: null,
};

export function viewOf(snapshot: MeetingSnapshot): MeetingView {
  const context = snapshot.context;
  if (!context?.config || typeof snapshot.matches !== 'function') return INITIAL_VIEW;
  return {
    stage: selectMeetingStage(snapshot),
    status: selectMeetingStatus(snapshot),
    busy: selectMeetingBusy(snapshot),
    meeting: context.meeting,
    translationLanguages: selectTranslationLanguages(snapshot),
    look: context.config.style,
    errorMessage: context.errorMessage,
    errorKey: context.errorKey,
    elapsedBeforeMs: context.elapsedBeforeMs,
    runningSinceMs: context.runningSinceMs,
  };
}

/** The join link: the meeting's shareUrl, or the join page of its id. */
export function shareLinkOf(meeting: Meeting | null, origin: string): string | null {
  if (!meeting?.id) return null;
  if (meeting.shareUrl) return new URL(meeting.shareUrl, origin).toString();
  return `${origin}/meetingShare?meetingId=${encodeURIComponent(meeting.id)}`;
}

/** The meeting's id when it has just got one with its name (created, or loaded). */
const newlyNamed = (before: Meeting | null, after: Meeting | null) =>
  after?.id && after.name && (before?.id !== after.id || !before?.name) ? after.id : null;
const changedStatus = (before: MeetingState, after: MeetingState) => (before === after ? null : after);

const defaultOrigin = () => (typeof window === 'undefined' ? 'http://localhost' : window.location.origin);

export const hostMeetingMachine = setup({
  types: {
    context: {} as HostMeetingContext,
    events: {} as HostMeetingEvent,
    input: {} as HostMeetingInput,
  },
  actors: {
    meeting: meetingMachine,
    meetingSetup: meetingSetupMachine,
    liveSubtitles: liveSubtitlesMachine,
    recording: recordingMachine,
    meetingSummary: meetingSummaryMachine,
    meetingInvite: meetingInviteMachine,
    clock: fromEventObservable(() => interval(CLOCK_TICK_MS).pipe(map(() => ({ type: 'clock.tick' as const })))),
    setSharing: fromPromise<Meeting, { meetingId: string; open: boolean }>(({ input }) => setMeetingSharing(input.meetingId, input.open)),
    createCastCode: fromPromise<ScreenCode, { meetingId: string }>(({ input }) => createScreenCode(input.meetingId)),
    screenOperation: fromPromise<void, ScreenOperationRequest>(({ input }) => screenOperation(input)),
    copyText: fromPromise<void, { text: string }>(async ({ input }) => {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(input.text);
    }),
  },
  actions: {
    /** The page's address names the meeting once it exists, so a reload reconnects (given by the route). */
    showMeetingInAddress: (_, _params: { meetingId: string | null }) => undefined,
    followMeeting: assign(({ context }, snapshot: MeetingSnapshot) => {
      const view = viewOf(snapshot);
      const shareStatusChanged = view.meeting?.shareStatus !== context.view.meeting?.shareStatus;
      return { view, ...(shareStatusChanged ? { sharingOpen: view.meeting?.shareStatus === '1' } : {}) };
    }),
    // The microphone exists only while live (microphoneOn).
    meetingEnded: assign(({ context }, output: MeetingOutput | undefined) => ({
      view: {
        ...context.view,
        stage: 'ended' as const,
        status: 'ended' as const,
        busy: false,
        meeting: output?.meeting ?? context.view.meeting,
        elapsedBeforeMs: output?.elapsedBeforeMs ?? context.view.elapsedBeforeMs,
        runningSinceMs: null,
      },
    })),
    steerMicrophone: enqueueActions(({ context, enqueue }, status: MeetingState | null) => {
      if (context.microphoneOn && status) enqueue.sendTo('recording', { type: 'recording.follow', status });
    }),
    // Each meeting.allowance once (a snapshot repeats the last one heard; a resume replays it in order).
    forwardAllowance: enqueueActions(({ context, enqueue }, message: LiveAllowanceMessage | null | undefined) => {
      if (!message || message.seq <= context.allowanceSeq) return;
      enqueue.assign({ allowanceSeq: message.seq });
      enqueue.raise(message.status === 'usedUp' ? { type: 'allowance.usedUp', code: message.code ?? null } : { type: 'allowance.restored' });
    }),
    forwardServerState: enqueueActions(({ context, enqueue }, state: MeetingState | null | undefined) => {
      if (!state || state === context.serverState) return;
      enqueue.assign({ serverState: state });
      enqueue.sendTo('meeting', { type: 'meeting.stateChanged', state });
    }),
    queueControl: assign({
      pendingMessages: ({ context, event }) =>
        event.type === 'host.control' ? [...context.pendingMessages, { type: 'control' as const, action: event.action }] : context.pendingMessages,
    }),
    sendControl: sendTo('liveSubtitles', ({ event }) => ({
      type: 'live.send' as const,
      message: { type: 'control' as const, action: (event as Extract<HostMeetingEvent, { type: 'host.control' }>).action },
    })),
    createMeeting: enqueueActions(({ enqueue }, draft: MeetingSetupOutput) => {
      // The setup checked the same rules as the meeting's guard: the create is on its way.
      enqueue.assign({ setupDraft: draft, view: ({ context }) => ({ ...context.view, stage: 'creating' as const }) });
      enqueue.sendTo('meeting', { type: 'meeting.create', config: draft.config });
    }),
    tick: assign({ nowMs: ({ context }) => context.now() }),
  },
  guards: {
    stageIs: ({ context }, stage: MeetingStage) => context.view.stage === stage,
  },
}).createMachine({
  id: 'hostMeeting',
  context: ({ input }) => {
    const now = input.now ?? Date.now;
    return {
      view: { ...INITIAL_VIEW, meeting: input.meetingId ? ({ id: input.meetingId } as Meeting) : null },
      origin: input.origin ?? defaultOrigin(),
      workletUrl: input.workletUrl,
      socketUrl: input.socketUrl ?? ((meetingId: string) => socketUrlFor(meetingId)),
      now,
      nowMs: now(),
      pendingMessages: [],
      serverState: null,
      setupDraft: null,
      sharingOpen: false,
      castCode: null,
      screens: [],
      screenOperation: null,
      copied: false,
      microphoneOn: false,
      allowanceSeq: 0,
      allowanceCode: null,
    };
  },
  invoke: {
    src: 'meeting',
    id: 'meeting',
    input: ({ context, self }) => ({
      meetingId: context.view.meeting?.id ?? null,
      sendControl: (action: ControlAction) => self.send({ type: 'host.control', action }),
      now: context.now,
    }),
    // Params are read before followMeeting assigns, so they compare the new snapshot with the last.
    onSnapshot: {
      actions: [
        { type: 'showMeetingInAddress', params: ({ context, event }) => ({ meetingId: newlyNamed(context.view.meeting, viewOf(event.snapshot).meeting) }) },
        { type: 'steerMicrophone', params: ({ context, event }) => changedStatus(context.view.status, viewOf(event.snapshot).status) },
        { type: 'followMeeting', params: ({ event }) => event.snapshot },
      ],
    },
    // xstate reports a child's final snapshot only by its done event: the ended meeting is its output.
    onDone: {
      actions: [
        { type: 'steerMicrophone', params: ({ context }) => changedStatus(context.view.status, 'ended') },
        { type: 'meetingEnded', params: ({ event }) => event.output },
      ],
    },
  },
  initial: 'preparing',
  states: {
    // Loading, setting up, creating, or offering the repair: no socket yet.
    preparing: {
      always: [
        { guard: { type: 'stageIs', params: 'live' }, target: 'live' },
        { guard: { type: 'stageIs', params: 'ended' }, target: 'closed' },
      ],
      on: { 'host.control': { actions: 'queueControl' } },
      initial: 'waiting',
      states: {
        waiting: { always: { guard: { type: 'stageIs', params: 'setup' }, target: 'setup' } },
        setup: {
          invoke: {
            src: 'meetingSetup',
            id: 'meetingSetup',
            input: ({ context }): MeetingSetupInput => context.setupDraft ?? {},
            onDone: { target: '.creating', actions: { type: 'createMeeting', params: ({ event }) => event.output } },
          },
          initial: 'choosing',
          states: {
            choosing: {},
            // A refused create brings the meeting back to its setup: the form again, as it was.
            creating: { always: { guard: { type: 'stageIs', params: 'setup' }, target: '#hostMeeting.preparing.setup', reenter: true } },
          },
        },
      },
    },
    // Live in this page: the socket, microphone, summary and sharing run. The meeting's end stays
    // here, so the last subtitles remain on screen.
    live: {
      invoke: [
        {
          src: 'liveSubtitles',
          id: 'liveSubtitles',
          input: ({ context }) => ({ socketUrl: context.socketUrl(context.view.meeting!.id), initialMessages: context.pendingMessages }),
          onSnapshot: {
            actions: [
              { type: 'forwardServerState', params: ({ event }) => event.snapshot.context?.meetingState },
              { type: 'forwardAllowance', params: ({ event }) => event.snapshot.context?.allowance },
            ],
          },
          // The socket ends when the meeting ends (its last meeting.state is only in its final snapshot).
          onDone: { actions: { type: 'forwardServerState', params: ({ event }) => event.output?.meetingState } },
        },
        { src: 'recording', id: 'recording', input: ({ context }) => ({ workletUrl: context.workletUrl }) },
        {
          src: 'meetingSummary',
          id: 'summary',
          input: ({ context }) => ({
            transId: context.view.meeting?.transId ?? context.view.meeting!.id,
            lang: context.view.translationLanguages[0],
          }),
        },
        { src: 'clock', id: 'clock' },
        // The invitation, as the meeting was loaded or created (its calls answer the meeting again).
        {
          src: 'meetingInvite',
          id: 'invite',
          input: ({ context }) => ({
            meetingId: context.view.meeting!.id,
            invitation: context.view.meeting?.invitation ?? null,
            mayInvite: context.view.meeting?.mayInvite ?? false,
            origin: context.origin,
          }),
        },
      ],
      entry: [assign({ microphoneOn: true }), { type: 'steerMicrophone', params: ({ context }) => context.view.status }],
      on: {
        'host.control': { actions: 'sendControl' },
        'recording.audio': { actions: sendTo('liveSubtitles', ({ event }) => ({ type: 'live.audio' as const, pcm: event.pcm })) },
        'host.retryMicrophone': { actions: sendTo('recording', { type: 'recording.start' as const }) },
        'clock.tick': { actions: 'tick' },
      },
      type: 'parallel',
      states: {
        ending: {
          initial: 'idle',
          states: {
            idle: { on: { 'host.askStop': 'confirming' } },
            confirming: {
              on: {
                'host.cancelStop': 'idle',
                'host.confirmStop': { target: 'idle', actions: sendTo('meeting', { type: 'meeting.stop' as const }) },
              },
            },
          },
        },
        // The host's live time: fine → used up (paused by the server; the purchase offered) → paid
        // (waiting for the server to resume it) → resumed; a resume the host asks for is the fallback.
        allowance: {
          initial: 'fine',
          on: { 'allowance.usedUp': { target: '.usedUp', actions: assign({ allowanceCode: ({ event }) => event.code }) } },
          states: {
            fine: {},
            usedUp: {
              on: {
                'allowance.restored': 'resumed',
                'host.purchasePaid': 'paid',
              },
            },
            paid: {
              on: { 'allowance.restored': 'resumed' },
              after: {
                [RESUME_AFTER_PAID_MS]: { target: 'resumed', actions: sendTo('meeting', { type: 'meeting.resume' as const }) },
              },
            },
            resumed: {
              on: { 'allowance.dismiss': 'fine' },
              after: { [RESUMED_NOTICE_MS]: 'fine' },
            },
          },
        },
        sharing: {
          initial: 'idle',
          states: {
            idle: { on: { 'share.toggle': { target: 'saving', actions: assign({ sharingOpen: ({ event }) => event.open }) } } },
            saving: {
              invoke: {
                src: 'setSharing',
                id: 'setSharing',
                input: ({ context }) => ({ meetingId: context.view.meeting!.id, open: context.sharingOpen }),
                onDone: 'idle',
                onError: { target: 'idle', actions: assign({ sharingOpen: ({ context }) => !context.sharingOpen }) },
              },
            },
          },
        },
        casting: {
          initial: 'idle',
          states: {
            idle: { on: { 'share.castCode': 'creating' } },
            creating: {
              invoke: {
                src: 'createCastCode',
                id: 'createCastCode',
                input: ({ context }) => ({ meetingId: context.view.meeting!.id }),
                onDone: {
                  target: 'idle',
                  actions: assign({
                    castCode: ({ event }) => event.output,
                    screens: ({ context, event }) => [...context.screens, { code: event.output.code, paused: false, language: null, fontSize: null }],
                  }),
                },
                onError: 'idle',
              },
            },
          },
        },
        // The host steers one screen at a time (the panel waits while a change is sent).
        screenControl: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'screen.change': {
                  target: 'sending',
                  actions: assign({ screenOperation: ({ context, event }) => ({ meetingId: context.view.meeting!.id, ...event.change }) }),
                },
              },
            },
            sending: {
              invoke: {
                src: 'screenOperation',
                id: 'screenOperation',
                input: ({ context }) => context.screenOperation!,
                onDone: {
                  target: 'idle',
                  actions: assign({ screens: ({ context }) => applyScreenChange(context.screens, context.screenOperation!), screenOperation: null }),
                },
                onError: { target: 'idle', actions: assign({ screenOperation: null }) },
              },
            },
          },
        },
        copying: {
          initial: 'idle',
          states: {
            idle: { on: { 'share.copy': 'copying' } },
            copying: {
              invoke: {
                src: 'copyText',
                id: 'copyText',
                input: ({ context }) => ({ text: shareLinkOf(context.view.meeting, context.origin) ?? '' }),
                onDone: { target: 'idle', actions: assign({ copied: true }) },
                onError: 'idle',
              },
            },
          },
        },
      },
    },
    // Ended before this page saw it live (a reload of an ended meeting, or the repair).
    closed: {},
  },
});

export type HostMeetingActor = ActorRefFrom<typeof hostMeetingMachine>;
type Snapshot = SnapshotFrom<typeof hostMeetingMachine>;

// Children by id (xstate types `children` as a union of every child, so each is named here).
type Child<T> = T | undefined;
export const selectMeetingActor = (snapshot: Snapshot) => snapshot.children.meeting as Child<ActorRefFrom<typeof meetingMachine>>;
export const selectSetupActor = (snapshot: Snapshot) => snapshot.children.meetingSetup as Child<ActorRefFrom<typeof meetingSetupMachine>>;
export const selectSubtitlesActor = (snapshot: Snapshot) => snapshot.children.liveSubtitles as Child<ActorRefFrom<typeof liveSubtitlesMachine>>;
export const selectRecordingActor = (snapshot: Snapshot) => snapshot.children.recording as Child<ActorRefFrom<typeof recordingMachine>>;
export const selectSummaryActor = (snapshot: Snapshot) => snapshot.children.summary as Child<ActorRefFrom<typeof meetingSummaryMachine>>;
export const selectInviteActor = (snapshot: Snapshot) => snapshot.children.invite as Child<ActorRefFrom<typeof meetingInviteMachine>>;

export const selectStage = (snapshot: Snapshot) => snapshot.context.view.stage;
export const selectStatus = (snapshot: Snapshot) => snapshot.context.view.status;
export const selectBusy = (snapshot: Snapshot) => snapshot.context.view.busy;
export const selectMeetingName = (snapshot: Snapshot) => snapshot.context.view.meeting?.name ?? null;
export const selectTransId = (snapshot: Snapshot) => snapshot.context.view.meeting?.transId ?? null;
/** The picked vocabulary libraries that apply now (the host's view of the meeting; none before it loads). */
export const selectVocabulariesInForce = (snapshot: Snapshot) => snapshot.context.view.meeting?.vocabularies ?? NO_LIBRARIES;
const NO_LIBRARIES: NonNullable<Meeting['vocabularies']> = [];
export const selectTranslationLanguagesShown = (snapshot: Snapshot) => snapshot.context.view.translationLanguages;
export const selectLook = (snapshot: Snapshot) => snapshot.context.view.look;
export const selectMeetingErrorMessage = (snapshot: Snapshot) => snapshot.context.view.errorMessage;
export const selectMeetingErrorKey = (snapshot: Snapshot) => snapshot.context.view.errorKey;
/** The live view stays after the end, so its last subtitles remain. */
export const selectShowsLive = (snapshot: Snapshot) => snapshot.matches('live');
export const selectSubmittedDraft = (snapshot: Snapshot) => snapshot.context.setupDraft;
export const selectElapsedMs = (snapshot: Snapshot) => {
  const { elapsedBeforeMs, runningSinceMs } = snapshot.context.view;
  return elapsedBeforeMs + (runningSinceMs === null ? 0 : Math.max(0, snapshot.context.nowMs - runningSinceMs));
};
export const selectShareLink = (snapshot: Snapshot) => shareLinkOf(snapshot.context.view.meeting, snapshot.context.origin);
export const selectConfirmingStop = (snapshot: Snapshot) => snapshot.matches({ live: { ending: 'confirming' } });
export const selectSharingOpen = (snapshot: Snapshot) => snapshot.context.sharingOpen;
export const selectCopied = (snapshot: Snapshot) => snapshot.context.copied;
export const selectCastCode = (snapshot: Snapshot) => snapshot.context.castCode?.code ?? null;
export const selectCastScreens = (snapshot: Snapshot) => snapshot.context.screens;
/** What the host is told of the live time: nothing, used up (with the refusal code), or resumed after paying. */
export type AllowanceNotice = { kind: 'none' } | { kind: 'usedUp'; code: number | null; paid: boolean } | { kind: 'resumed' };
export function selectAllowanceNotice(snapshot: Snapshot): AllowanceNotice {
  if (snapshot.matches({ live: { allowance: 'usedUp' } })) return { kind: 'usedUp', code: snapshot.context.allowanceCode, paid: false };
  if (snapshot.matches({ live: { allowance: 'paid' } })) return { kind: 'usedUp', code: snapshot.context.allowanceCode, paid: true };
  if (snapshot.matches({ live: { allowance: 'resumed' } })) return { kind: 'resumed' };
  return { kind: 'none' };
}
export const selectScreenBusy = (snapshot: Snapshot) => snapshot.matches({ live: { screenControl: 'sending' } });
export const selectCastUrl = (snapshot: Snapshot) =>
  snapshot.context.castCode ? new URL(snapshot.context.castCode.url, snapshot.context.origin).toString() : null;
