import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import type { LiveReady, LiveSocketEvent } from '../../streams/socket$';
import {
  hostMeetingMachine,
  RESUME_AFTER_PAID_MS,
  RESUMED_NOTICE_MS,
  selectAllowanceNotice,
  selectCastCode,
  selectCastScreens,
  selectConfirmingStop,
  selectCopied,
  selectElapsedMs,
  selectMeetingActor,
  selectRecordingActor,
  selectSetupActor,
  selectShareLink,
  selectSharingOpen,
  selectShowsLive,
  selectStage,
  selectStatus,
  selectSummaryActor,
  selectVocabulariesInForce,
} from './hostMeeting.machine';
import { applyScreenChange } from './hostMeeting.view';
import type { Meeting } from '../../api/meetings/meeting-types';
import { CAST, hostMeetingDoubles, MEETING, TEST_INPUT } from './hostMeeting.paths';
import { liveSubtitlesMachine, type LiveOutgoingEvent, type LiveSubtitlesInput } from './liveSubtitles.machine';
import { meetingMachine } from './meeting.machine';
import { meetingDoubles } from './meeting.paths';

// The meeting's own control actor (the doubles' one does not send): it calls the host's sendControl.
const { control: _control, ...meetingCalls } = meetingDoubles;
import { meetingSetupMachine } from './meetingSetup.machine';
import { meetingSummaryMachine } from './meetingSummary.machine';
import { meetingSetupDoubles } from './meetingSetup.paths';
import { recordingMachine, selectRecordingStatus, type RecordingEvent, type RecordingInput } from './recording.machine';

const ready: LiveReady = {
  type: 'ready', seq: 0, role: 'host', meetingId: 'm-created', state: 'in_progress', lastAudioSeq: -1,
  recognitionLanguage: 'en-US', translationLanguages: ['es-ES'],
};

/** The real meeting, setup, socket and recording machines; the socket and microphone are fakes. */
function start(input: { meetingId?: string | null } = {}, loaded: Partial<Meeting> = {}) {
  const socket: { sent: Array<LiveOutgoingEvent | { type: 'initial'; message: unknown }>; push?: (event: LiveSocketEvent) => void } = { sent: [] };
  const microphone: { push?: (event: RecordingEvent) => void; opened: number; released: number } = { opened: 0, released: 0 };
  const connection = fromCallback<LiveOutgoingEvent, LiveSubtitlesInput, LiveSocketEvent>(({ input: socketInput, receive, sendBack }) => {
    for (const message of socketInput.initialMessages ?? []) socket.sent.push({ type: 'initial', message });
    receive((event) => socket.sent.push(event));
    socket.push = sendBack;
    return () => undefined;
  });
  const machine = hostMeetingMachine.provide({
    actors: {
      ...hostMeetingDoubles,
      meeting: meetingMachine.provide({
        actors: {
          ...meetingCalls,
          // A meeting in progress with what the test adds to the host's view of it (its libraries in force).
          ...(Object.keys(loaded).length > 0 ? { loadMeeting: fromPromise<Meeting, { id: string }>(async ({ input }) => ({ ...MEETING, id: input.id, ...loaded })) } : {}),
        },
      }),
      setSharing: fromPromise(async () => MEETING),
      createCastCode: fromPromise(async () => CAST),
      copyText: fromPromise(async () => undefined),
      screenOperation: fromPromise(async () => undefined),
      meetingSetup: meetingSetupMachine.provide({ actors: meetingSetupDoubles }),
      // The real instant summary (it calls nothing until the host asks).
      meetingSummary: meetingSummaryMachine,
      liveSubtitles: liveSubtitlesMachine.provide({ actors: { connection } }),
      recording: recordingMachine.provide({
        actors: {
          microphone: fromCallback<RecordingEvent, RecordingInput>(({ sendBack }) => {
            microphone.opened += 1;
            microphone.push = sendBack;
            return () => (microphone.released += 1);
          }),
        },
      }),
    } as never,
  });
  const actor = createActor(machine, { input: { ...TEST_INPUT, ...input } }).start();
  return { actor, socket, microphone };
}

describe('hostMeeting machine', () => {
  it('sets up, creates, and goes live: the start control and the microphone frames go up the socket', async () => {
    const { actor, socket, microphone } = start();
    await waitFor(actor, (s) => selectSetupActor(s) !== undefined);
    const setup = selectSetupActor(actor.getSnapshot())!;
    await waitFor(setup, (s) => s.matches('editing'));
    setup.send({ type: 'setup.acceptTerms' });
    setup.send({ type: 'setup.submit' });
    await waitFor(actor, selectShowsLive);
    expect(selectStatus(actor.getSnapshot())).toBe('in_progress');
    // The start given before the socket existed is its first message.
    expect(socket.sent[0]).toEqual({ type: 'initial', message: { type: 'control', action: 'start' } });
    // The microphone follows the meeting in progress; its frames reach the socket as audio.
    expect(microphone.opened).toBe(1);
    microphone.push!({ type: 'microphone.opened' });
    microphone.push!({ type: 'microphone.frame', pcm: new ArrayBuffer(8) });
    expect(socket.sent.filter((event) => event.type === 'live.audio')).toHaveLength(1);
    expect(selectRecordingStatus(selectRecordingActor(actor.getSnapshot())!.getSnapshot())).toBe('recording');
  });

  it('names the vocabulary libraries in force on the loaded meeting, none when it has none', async () => {
    const libraries: NonNullable<Meeting['vocabularies']> = [{ id: 'v1', name: 'Names', kind: 'properWords' }];
    const { actor } = start({ meetingId: 'm-live' }, { documentIds: ['v1', 'v9'], vocabularies: libraries });
    expect(selectVocabulariesInForce(actor.getSnapshot())).toEqual([]);
    await waitFor(actor, selectShowsLive);
    expect(selectVocabulariesInForce(actor.getSnapshot())).toEqual(libraries);
    actor.stop();
    const plain = start({ meetingId: 'm-live' });
    await waitFor(plain.actor, selectShowsLive);
    expect(selectVocabulariesInForce(plain.actor.getSnapshot())).toEqual([]);
    plain.actor.stop();
  });

  it('tells the meeting what the server says and releases the microphone while paused', async () => {
    const { actor, socket, microphone } = start({ meetingId: 'm-live' });
    await waitFor(actor, selectShowsLive);
    socket.push!({ type: 'socket.ready', ready });
    meetingActor(actor).send({ type: 'meeting.pause' });
    await waitFor(actor, (s) => selectStatus(s) === 'paused');
    expect(socket.sent).toContainEqual({ type: 'live.send', message: { type: 'control', action: 'pause' } });
    expect(microphone.released).toBe(1);
    // The server confirms the pause, then says the meeting goes on (resumed from another tab).
    socket.push!({ type: 'socket.message', message: { type: 'meeting.state', seq: 1, state: 'paused' } });
    socket.push!({ type: 'socket.message', message: { type: 'meeting.state', seq: 2, state: 'in_progress' } });
    await waitFor(actor, (s) => selectStatus(s) === 'in_progress');
    expect(microphone.opened).toBe(2);
    // The instant summary knows the languages the meeting has lines in (not just its first translation).
    const summary = selectSummaryActor(actor.getSnapshot())!;
    expect(summary.getSnapshot().context.languages).toEqual(expect.arrayContaining(MEETING.recognitionLanguages));
    socket.push!({ type: 'socket.message', message: { type: 'meeting.state', seq: 3, state: 'ended' } });
    await waitFor(actor, (s) => selectStatus(s) === 'ended');
    expect(microphone.released).toBe(2);
    expect(selectShowsLive(actor.getSnapshot())).toBe(true);
    // Ended: the instant summary stops refreshing (the record's kept summary takes over).
    expect(summary.getSnapshot().value).toBe('stopped');
  });

  it('offers the purchase when the live time is used up, and says resumed when the server resumes after paying', async () => {
    const { actor, socket } = start({ meetingId: 'm-live' });
    await waitFor(actor, selectShowsLive);
    socket.push!({ type: 'socket.ready', ready });
    expect(selectAllowanceNotice(actor.getSnapshot())).toEqual({ kind: 'none' });
    socket.push!({ type: 'socket.message', message: { type: 'meeting.allowance', seq: 1, status: 'usedUp', code: 92505001 } });
    socket.push!({ type: 'socket.message', message: { type: 'meeting.state', seq: 2, state: 'paused', reason: 'allowanceUsedUp' } });
    await waitFor(actor, (s) => selectStatus(s) === 'paused');
    expect(selectAllowanceNotice(actor.getSnapshot())).toEqual({ kind: 'usedUp', code: 92505001, paid: false });
    // Another snapshot of the socket repeats the last message heard: acted on once.
    socket.push!({ type: 'socket.message', message: { type: 'participant.left', seq: 3, userId: 'u', leaveTime: '' } });
    actor.send({ type: 'host.purchasePaid' });
    expect(selectAllowanceNotice(actor.getSnapshot())).toEqual({ kind: 'usedUp', code: 92505001, paid: true });
    socket.push!({ type: 'socket.message', message: { type: 'meeting.allowance', seq: 4, status: 'restored', code: null } });
    socket.push!({ type: 'socket.message', message: { type: 'meeting.state', seq: 5, state: 'in_progress', reason: 'allowanceRestored' } });
    await waitFor(actor, (s) => selectStatus(s) === 'in_progress');
    expect(selectAllowanceNotice(actor.getSnapshot())).toEqual({ kind: 'resumed' });
    // The host did not ask for the resume: the server did it.
    expect(socket.sent).not.toContainEqual({ type: 'live.send', message: { type: 'control', action: 'resume' } });
    actor.send({ type: 'allowance.dismiss' });
    expect(selectAllowanceNotice(actor.getSnapshot())).toEqual({ kind: 'none' });
  });

  it('resumes by itself after paying when the server has not within a moment (another instance)', async () => {
    vi.useFakeTimers();
    try {
      const { actor, socket } = start({ meetingId: 'm-live' });
      await vi.waitFor(() => expect(selectShowsLive(actor.getSnapshot())).toBe(true));
      socket.push!({ type: 'socket.ready', ready });
      socket.push!({ type: 'socket.message', message: { type: 'meeting.allowance', seq: 1, status: 'usedUp', code: 92505000 } });
      socket.push!({ type: 'socket.message', message: { type: 'meeting.state', seq: 2, state: 'paused', reason: 'allowanceUsedUp' } });
      await vi.waitFor(() => expect(selectStatus(actor.getSnapshot())).toBe('paused'));
      actor.send({ type: 'host.purchasePaid' });
      await vi.advanceTimersByTimeAsync(RESUME_AFTER_PAID_MS - 100);
      expect(socket.sent).not.toContainEqual({ type: 'live.send', message: { type: 'control', action: 'resume' } });
      await vi.advanceTimersByTimeAsync(200);
      expect(socket.sent).toContainEqual({ type: 'live.send', message: { type: 'control', action: 'resume' } });
      expect(selectAllowanceNotice(actor.getSnapshot())).toEqual({ kind: 'resumed' });
      await vi.advanceTimersByTimeAsync(RESUMED_NOTICE_MS);
      expect(selectAllowanceNotice(actor.getSnapshot())).toEqual({ kind: 'none' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks before ending: cancel keeps the meeting, confirm ends it', async () => {
    const { actor, socket } = start({ meetingId: 'm-live' });
    await waitFor(actor, selectShowsLive);
    socket.push!({ type: 'socket.ready', ready });
    actor.send({ type: 'host.askStop' });
    expect(selectConfirmingStop(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'host.cancelStop' });
    expect(selectConfirmingStop(actor.getSnapshot())).toBe(false);
    expect(selectStatus(actor.getSnapshot())).toBe('in_progress');
    actor.send({ type: 'host.askStop' });
    actor.send({ type: 'host.confirmStop' });
    expect(selectConfirmingStop(actor.getSnapshot())).toBe(false);
    await waitFor(actor, (s) => selectStatus(s) === 'ended');
  });

  it('shares: the link, sharing on and off, a cast code and the copy', async () => {
    const { actor } = start({ meetingId: 'm-live' });
    await waitFor(actor, selectShowsLive);
    expect(selectShareLink(actor.getSnapshot())).toBe('https://parley.test/meetingShare?meetingId=m-live');
    actor.send({ type: 'share.toggle', open: true });
    expect(selectSharingOpen(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'share.castCode' });
    await waitFor(actor, (s) => selectCastCode(s) === CAST.code);
    actor.send({ type: 'share.copy' });
    await waitFor(actor, selectCopied);
  });

  it('steers each cast screen: a code per screen, then its pause, language, size and disconnect', async () => {
    const { actor } = start({ meetingId: 'm-live' });
    await waitFor(actor, selectShowsLive);
    actor.send({ type: 'share.castCode' });
    await waitFor(actor, (s) => selectCastScreens(s).length === 1);
    actor.send({ type: 'screen.change', change: { code: CAST.code, action: 'pause' } });
    await waitFor(actor, (s) => selectCastScreens(s)[0]?.paused === true);
    actor.send({ type: 'screen.change', change: { code: CAST.code, action: 'style', translationLanguage: 'es-ES', fontSize: 64 } });
    await waitFor(actor, (s) => selectCastScreens(s)[0]?.fontSize === 64);
    expect(selectCastScreens(actor.getSnapshot())[0]).toEqual({ code: CAST.code, paused: true, language: 'es-ES', fontSize: 64 });
    actor.send({ type: 'screen.change', change: { code: CAST.code, action: 'disconnect' } });
    await waitFor(actor, (s) => selectCastScreens(s).length === 0);
  });

  it('applies a screen change to that screen only', () => {
    const screens = [
      { code: '111111', paused: false, language: null, fontSize: null },
      { code: '222222', paused: false, language: null, fontSize: null },
    ];
    expect(applyScreenChange(screens, { meetingId: 'm', code: '222222', action: 'pause' }).map((s) => s.paused)).toEqual([false, true]);
    expect(applyScreenChange(screens, { meetingId: 'm', code: '111111', action: 'style', translationLanguage: '' })[0]!.language).toBe('');
    expect(applyScreenChange(screens, { meetingId: 'm', code: '111111', action: 'disconnect' }).map((s) => s.code)).toEqual(['222222']);
  });

  it('counts the elapsed time on the clock ticks', async () => {
    const { actor } = start({ meetingId: 'm-live' });
    await waitFor(actor, selectShowsLive);
    // The meeting's clock (now() = 0 in TEST_INPUT) started at 0; the host's clock moves on ticks.
    expect(selectElapsedMs(actor.getSnapshot())).toBe(0);
    actor.getSnapshot().context.now = () => 65_000;
    actor.send({ type: 'clock.tick' });
    expect(selectElapsedMs(actor.getSnapshot())).toBe(65_000);
  });

  it('offers the repair of a meeting left paused and closes after it, without a socket', async () => {
    const { actor, socket } = start({ meetingId: 'm-paused' });
    await waitFor(actor, (s) => selectStage(s) === 'needsRepair');
    meetingActor(actor).send({ type: 'meeting.repair' });
    await waitFor(actor, (s) => s.matches('closed'));
    expect(socket.sent).toEqual([]);
  });

  it('brings the setup back as it was when the create is refused', async () => {
    const { actor } = start();
    await waitFor(actor, (s) => selectSetupActor(s) !== undefined);
    const setup = selectSetupActor(actor.getSnapshot())!;
    await waitFor(setup, (s) => s.matches('editing'));
    setup.send({ type: 'setup.rename', name: 'Refused' });
    setup.send({ type: 'setup.acceptTerms' });
    setup.send({ type: 'setup.submit' });
    await waitFor(actor, (s) => selectStage(s) === 'setup' && s.context.view.errorMessage !== null);
    const again = selectSetupActor(actor.getSnapshot())!;
    expect(again).not.toBe(setup);
    expect(again.getSnapshot().value).toBe('editing');
    expect(again.getSnapshot().context.config.name).toBe('Refused');
  });
});

function meetingActor(actor: ReturnType<typeof start>['actor']) {
  return selectMeetingActor(actor.getSnapshot())!;
}
