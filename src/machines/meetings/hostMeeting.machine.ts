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
// Its shapes are in hostMeeting.types.ts, its calls in hostMeeting.calls.ts, and what the page
// shows of the meeting and the cast screens in hostMeeting.view.ts.
import { assign, enqueueActions, sendTo, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { socketUrlFor } from './live-connection';
import { liveSubtitlesMachine, type LiveAllowanceMessage } from './liveSubtitles.machine';
import type { Meeting, MeetingState } from '../../api/meetings/meeting-types';
import { meetingMachine, type ControlAction, type MeetingOutput, type MeetingStage } from './meeting.machine';
import { meetingSetupMachine, type MeetingSetupInput, type MeetingSetupOutput } from './meetingSetup.machine';
import { meetingInviteMachine } from './meetingInvite.machine';
import { meetingSummaryMachine } from './meetingSummary.machine';
import { recordingMachine } from './recording.machine';
import { clockActor, copyTextActor, createCastCodeActor, screenOperationActor, setSharingActor } from './hostMeeting.calls';
import type { HostMeetingContext, HostMeetingEvent, HostMeetingInput } from './hostMeeting.types';
import { INITIAL_VIEW, applyScreenChange, changedStatus, newlyNamed, shareLinkOf, viewOf } from './hostMeeting.view';

/** After a purchase, how long the server has to resume the meeting by itself before the host asks. */
export const RESUME_AFTER_PAID_MS = 2000;
/** How long 'resumed' stays on screen. */
export const RESUMED_NOTICE_MS = 8000;

type MeetingSnapshot = SnapshotFrom<typeof meetingMachine>;

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
    clock: clockActor,
    setSharing: setSharingActor,
    createCastCode: createCastCodeActor,
    screenOperation: screenOperationActor,
    copyText: copyTextActor,
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
      if (context.microphoneOn && status === 'ended') enqueue.sendTo('summary', { type: 'summary.stop' });
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
            languages: [...(context.view.meeting?.recognitionLanguages ?? []), ...context.view.translationLanguages],
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
export const selectSpokenLanguage = (snapshot: Snapshot) => snapshot.context.view.meeting?.recognitionLanguages[0] ?? ''; // shown once, as the original
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
