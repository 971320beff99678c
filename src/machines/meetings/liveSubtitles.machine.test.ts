// @vitest-environment node
import { createActor, fromCallback } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { LiveFinalSubtitle, LiveReady, LiveSocketEvent } from '../../streams/socket$';
import { applyLiveMessage, emptyView, presentParticipants } from './liveSubtitles.lines';
import { endReasonFor, liveSubtitlesMachine, selectIsReconnecting, type LiveOutgoingEvent, type LiveSubtitlesInput } from './liveSubtitles.machine';

const ready: LiveReady = {
  type: 'ready', seq: 0, role: 'participant', meetingId: 'm1', state: 'in_progress', lastAudioSeq: -1,
  recognitionLanguage: 'en-US', translationLanguages: ['es-ES'],
};
const final = (seq: number, segmentId: string, startMs: number, text: string): LiveFinalSubtitle => ({
  type: 'subtitle.final', seq, segmentId, startMs, endMs: startMs + 500, text, lang: 'en-US', translations: { 'es-ES': `[${text}]` },
});

function start() {
  return createActor(liveSubtitlesMachine.provide({ actors: { connection: fromCallback(() => () => undefined) } }), {
    input: { socketUrl: 'ws://x' },
  }).start();
}

describe('subtitle lines', () => {
  it('drops the interim line when the meeting ends', () => {
    let view = applyLiveMessage(emptyView(), { type: 'subtitle.partial', seq: 1, segmentId: 'a', startMs: 0, endMs: 300, text: 'hel', lang: 'en-US' });
    view = applyLiveMessage(view, { type: 'meeting.state', seq: 2, state: 'paused' });
    expect(view.partials).toHaveLength(1);
    view = applyLiveMessage(view, { type: 'meeting.state', seq: 3, state: 'ended' });
    expect(view.partials).toEqual([]);
  });

  it('replaces the partial of a segment by its final and keeps one line per segment', () => {
    let view = applyLiveMessage(emptyView(), { type: 'subtitle.partial', seq: 1, segmentId: 'a', startMs: 0, endMs: 300, text: 'hel', lang: 'en-US' });
    expect(view.partials.map((p) => p.text)).toEqual(['hel']);
    view = applyLiveMessage(view, final(2, 'a', 0, 'hello there'));
    view = applyLiveMessage(view, { type: 'transcript', seq: 2, reset: false, segments: [final(2, 'a', 0, 'hello there')] });
    expect(view.partials).toEqual([]);
    expect(view.finals.map((f) => f.text)).toEqual(['hello there']);
    // A late partial of a finished segment is ignored.
    view = applyLiveMessage(view, { type: 'subtitle.partial', seq: 3, segmentId: 'a', startMs: 0, endMs: 300, text: 'hel', lang: 'en-US' });
    expect(view.partials).toEqual([]);
  });

  it('completes a final sent before its speaker and translation in place: one line, then both', () => {
    const { translations: _, ...source } = final(2, 'a', 0, 'hello there');
    let view = applyLiveMessage(emptyView(), { type: 'subtitle.partial', seq: 1, segmentId: 'a', startMs: 0, endMs: 300, text: 'hel', lang: 'en-US' });
    view = applyLiveMessage(view, { ...source, translations: {}, pending: true, speakerIndex: null, speaker: null });
    expect(view.partials).toEqual([]);
    expect(view.finals).toMatchObject([{ segmentId: 'a', text: 'hello there', translations: {}, pending: true, speakerIndex: null }]);
    view = applyLiveMessage(view, final(3, 'b', 1000, 'next'));
    view = applyLiveMessage(view, { ...final(4, 'a', 0, 'hello there'), speakerIndex: 1, speaker: null });
    expect(view.finals.map((f) => [f.segmentId, f.translations['es-ES'], f.speakerIndex ?? null, f.pending ?? false])).toEqual([
      ['a', '[hello there]', 1, false],
      ['b', '[next]', null, false],
    ]);
  });

  it('keeps a speaker renamed after a line of it was shown when that line is sent again', () => {
    const { translations: _, ...source } = final(2, 'a', 0, 'hello');
    let view = applyLiveMessage(emptyView(), { ...source, translations: {}, pending: true, speakerIndex: 2, speaker: null });
    view = applyLiveMessage(view, { type: 'speaker.renamed', seq: 3, speakerIndex: 2, name: 'Grace' });
    view = applyLiveMessage(view, { ...final(4, 'a', 0, 'hello'), speakerIndex: 2, speaker: null });
    expect(view.finals.map((f) => [f.speaker, f.translations['es-ES']])).toEqual([['Grace', '[hello]']]);
  });

  it('orders finals by start time and replaces everything on a reset transcript', () => {
    let view = applyLiveMessage(emptyView(), final(2, 'b', 1000, 'second'));
    view = applyLiveMessage(view, final(1, 'a', 0, 'first'));
    expect(view.finals.map((f) => f.text)).toEqual(['first', 'second']);
    view = applyLiveMessage(view, { type: 'transcript', seq: 1, reset: true, segments: [final(1, 'z', 0, 'only')] });
    expect(view.finals.map((f) => f.text)).toEqual(['only']);
  });

  it('tracks who is present', () => {
    let view = applyLiveMessage(emptyView(), { type: 'participant.joined', seq: 1, userId: 'u1', userName: 'visitor', joinTime: 't', translationLanguage: 'es-ES' });
    view = applyLiveMessage(view, { type: 'participant.joined', seq: 2, userId: 'u2', userName: 'Ana', joinTime: 't' });
    view = applyLiveMessage(view, { type: 'participant.left', seq: 3, userId: 'u1', leaveTime: 't2' });
    expect(presentParticipants(view).map((p) => p.userName)).toEqual(['Ana']);
    expect(view.participants).toHaveLength(2);
  });

  it('counts screens apart from the participants', () => {
    let view = applyLiveMessage(emptyView(), { type: 'participant.joined', seq: 1, userId: 'u1', userName: 'Ana', joinTime: 't' });
    view = applyLiveMessage(view, { type: 'screens.connected', seq: 2, count: 2 });
    expect(view.screens).toBe(2);
    expect(presentParticipants(view)).toHaveLength(1);
    view = applyLiveMessage(view, { type: 'screens.connected', seq: 3, count: 1 });
    expect(view.screens).toBe(1);
  });
});

describe('liveSubtitles machine', () => {
  it('goes live on ready, shows reconnecting while the socket retries, and live again', () => {
    const actor = start();
    expect(actor.getSnapshot().matches({ connected: 'connecting' })).toBe(true);
    actor.send({ type: 'socket.ready', ready });
    actor.send({ type: 'socket.message', message: final(1, 'a', 0, 'hello world') });
    actor.send({ type: 'socket.reconnecting', attempt: 1, delayMs: 500 });
    expect(selectIsReconnecting(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'socket.ready', ready });
    expect(actor.getSnapshot().matches({ connected: 'live' })).toBe(true);
    expect(actor.getSnapshot().context.finals).toHaveLength(1);
  });

  it('hands control messages and audio frames to the socket, the early ones first', () => {
    const received: unknown[] = [];
    const connection = fromCallback<LiveOutgoingEvent, LiveSubtitlesInput, LiveSocketEvent>(({ receive, input }) => {
      received.push(...(input.initialMessages ?? []));
      receive((event) => received.push(event.type));
      return () => undefined;
    });
    const actor = createActor(liveSubtitlesMachine.provide({ actors: { connection } }), {
      input: { socketUrl: 'ws://x', initialMessages: [{ type: 'control', action: 'start' }] },
    }).start();
    actor.send({ type: 'live.send', message: { type: 'control', action: 'pause' } });
    actor.send({ type: 'live.audio', pcm: new ArrayBuffer(2) });
    expect(received).toEqual([{ type: 'control', action: 'start' }, 'live.send', 'live.audio']);
  });

  it('ends when the meeting ends, keeping the lines', () => {
    const actor = start();
    actor.send({ type: 'socket.ready', ready });
    actor.send({ type: 'socket.message', message: final(1, 'a', 0, 'bye') });
    actor.send({ type: 'socket.message', message: { type: 'meeting.state', seq: 2, state: 'ended' } });
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().context.endReason).toBe('meetingEnded');
    expect(actor.getSnapshot().context.finals).toHaveLength(1);
  });

  it('reads link expired from a fatal close after the link-expired error', () => {
    const actor = start();
    actor.send({ type: 'socket.message', message: { type: 'error', seq: 0, code: 410, msgKey: 'live.meetingLinkExpired', msg: 'Meeting link expired', fatal: true } });
    actor.send({ type: 'socket.closed', code: 4410, reason: '' });
    expect(actor.getSnapshot().context.endReason).toBe('linkExpired');
    expect(endReasonFor(4410, 'live.meetingEnded')).toBe('meetingEnded');
    expect(endReasonFor(4410, 'live:meetingEnded')).toBe('meetingEnded');
    expect(endReasonFor(4410, 'live:meetingLinkExpired')).toBe('linkExpired');
    for (const key of ['live:inviteClosed', 'live:inviteExpired', 'live:inviteUnavailable']) expect(endReasonFor(4410, key)).toBe('inviteClosed');
    expect(endReasonFor(4404, null)).toBe('notFound');
    expect(endReasonFor(4500, null)).toBe('failed');
  });
});
