import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import type { LiveSocketEvent } from '../../streams/socket$';
import { liveSubtitlesMachine } from './liveSubtitles.machine';
import {
  joinLinkExpired,
  meetingJoinMachine,
  selectJoinLanguage,
  selectJoinLanguages,
  selectJoinLook,
  selectJoinMeetingName,
  selectJoinName,
  selectJoinStage,
  selectJoinVoice,
  selectParticipantSubtitles,
  type MeetingJoinInput,
} from './meetingJoin.machine';
import { JOINABLE, meetingJoinDoubles } from './meetingJoin.paths';
import { linesToRead, type VoiceEvent } from './voice-broadcast';

function start(input: Partial<MeetingJoinInput>, extra: Record<string, unknown> = {}) {
  const opened: Array<{ meetingId: string; language: string; voice: boolean; name: string }> = [];
  const shown: Array<{ language: string; voice: boolean }> = [];
  const machine = meetingJoinMachine.provide({
    actors: { ...meetingJoinDoubles, ...extra } as never,
    actions: { openLive: (_, choice) => opened.push(choice), showLanguage: (_, choice) => shown.push(choice) },
  });
  const actor = createActor(machine, {
    input: {
      meetingId: 'm-open',
      voiceSupported: true,
      rememberedName: '',
      socketUrl: (id: string, name: string, invite?: string) => `ws://test/${id}?name=${name}${invite ? `&invite=${invite}` : ''}`,
      ...input,
    },
  }).start();
  return { actor, opened, shown };
}

describe('meetingJoin machine', () => {
  it('joins by an invitation while sharing is closed: the meeting comes from the invitation, the socket carries its code', async () => {
    const { actor, opened } = start({ meetingId: '', invite: 'i-open' });
    await waitFor(actor, (s) => selectJoinStage(s) === 'choosing');
    expect(selectJoinMeetingName(actor.getSnapshot())).toBe('Weekly sync');
    actor.send({ type: 'join.name', name: 'Mei' });
    actor.send({ type: 'join.submit' });
    expect(opened).toEqual([{ meetingId: 'm-open', language: 'es-ES', voice: false, name: 'Mei', invite: 'i-open' }]);

    const live = start({ meetingId: 'm-open', invite: 'i-open', joined: { language: 'zh-CN', voice: false, name: 'Mei' } }).actor;
    await waitFor(live, (s) => selectJoinStage(s) === 'live');
    const subtitles = selectParticipantSubtitles(live.getSnapshot());
    expect(subtitles?.getSnapshot().context.input.socketUrl).toBe('ws://test/m-open?name=Mei&invite=i-open');
  });

  it('says a closed, expired or unknown invitation is unavailable (not the share link’s expiry)', async () => {
    const { actor } = start({ meetingId: '', invite: 'i-closed' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(selectJoinStage(actor.getSnapshot())).toBe('inviteUnavailable');
    const reloaded = start({ meetingId: 'm-open', invite: 'i-gone', joined: { language: 'es-ES', voice: false } }).actor;
    await waitFor(reloaded, (s) => s.status === 'done');
    expect(selectJoinStage(reloaded.getSnapshot())).toBe('inviteUnavailable');
  });

  it('gets a visitor token, shows the meeting with its first language, and joins with the choice', async () => {
    const token = vi.fn(async () => 'visitor-token');
    const { actor, opened } = start({}, { visitorToken: fromPromise(token) });
    await waitFor(actor, (s) => selectJoinStage(s) === 'choosing');
    expect(token).toHaveBeenCalledTimes(1);
    expect(selectJoinMeetingName(actor.getSnapshot())).toBe('Weekly sync');
    expect(selectJoinLanguages(actor.getSnapshot())).toEqual(['es-ES', 'zh-CN']);
    expect(selectJoinLanguage(actor.getSnapshot())).toBe('es-ES');
    actor.send({ type: 'join.language', language: 'zh-CN' });
    actor.send({ type: 'join.voice', on: true });
    expect(selectJoinVoice(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'join.submit' });
    expect(opened).toEqual([{ meetingId: 'm-open', language: 'zh-CN', voice: true, name: '' }]);
  });

  it('offers the name this device remembers and remembers the one given on joining', async () => {
    localStorage.setItem('parley.participantName', 'Ana');
    const { actor, opened } = start({ rememberedName: undefined });
    await waitFor(actor, (s) => selectJoinStage(s) === 'choosing');
    expect(selectJoinName(actor.getSnapshot())).toBe('Ana');
    actor.send({ type: 'join.name', name: `  Lucía ${'x'.repeat(60)}` });
    // Cut to the server's limit as typed.
    expect([...selectJoinName(actor.getSnapshot())]).toHaveLength(40);
    actor.send({ type: 'join.name', name: '  Lucía ' });
    actor.send({ type: 'join.submit' });
    expect(opened[0]!.name).toBe('Lucía');
    expect(localStorage.getItem('parley.participantName')).toBe('Lucía');
  });

  it('keeps voice broadcast off where the browser cannot speak', async () => {
    const { actor } = start({ voiceSupported: false });
    await waitFor(actor, (s) => selectJoinStage(s) === 'choosing');
    actor.send({ type: 'join.voice', on: true });
    expect(selectJoinVoice(actor.getSnapshot())).toBe(false);
  });

  it.each(['m-closed', 'm-ended', 'm-gone', ''])('shows link expired for %j', async (meetingId) => {
    const { actor } = start({ meetingId });
    await waitFor(actor, (s) => selectJoinStage(s) === 'linkExpired');
  });

  it('reads closed sharing and the end of the meeting as an expired link', () => {
    expect(joinLinkExpired(JOINABLE['m-open']!)).toBe(false);
    expect(joinLinkExpired(JOINABLE['m-closed']!)).toBe(true);
    expect(joinLinkExpired(JOINABLE['m-ended']!)).toBe(true);
  });

  it('once joined, connects in the chosen language and hands each snapshot’s lines to the voice', async () => {
    const inputs: unknown[] = [];
    const heard: VoiceEvent[] = [];
    const sent: unknown[] = [];
    let push: ((event: LiveSocketEvent) => void) | undefined;
    const liveSubtitles = liveSubtitlesMachine.provide({
      actors: {
        connection: fromCallback(({ input, sendBack, receive }) => {
          inputs.push(input);
          push = sendBack as (event: LiveSocketEvent) => void;
          receive((event) => sent.push(event));
          return () => undefined;
        }),
      },
    });
    const voiceBroadcast = fromCallback<VoiceEvent, { language: string; enabled: boolean }>(({ input, receive }) => {
      inputs.push(input);
      receive((event) => heard.push(event));
      return () => undefined;
    });
    const { actor, shown } = start({ joined: { language: 'es-ES', voice: true, name: 'Ana' } }, { liveSubtitles, voiceBroadcast });
    await waitFor(actor, (s) => selectJoinStage(s) === 'live');
    expect(inputs).toEqual([{ socketUrl: 'ws://test/m-open?name=Ana', translationLanguage: 'es-ES' }, { language: 'es-ES', enabled: true }]);
    // The host's style reaches the participant.
    expect(selectJoinLook(actor.getSnapshot())).toMatchObject({ fontSize: 30, display: 'translation' });
    expect(selectParticipantSubtitles(actor.getSnapshot())).toBeDefined();
    push!({
      type: 'socket.message',
      message: { type: 'subtitle.final', seq: 1, segmentId: 'a', startMs: 0, endMs: 500, text: 'hello', lang: 'en-US', translations: { 'es-ES': 'hola' } },
    });
    await vi.waitFor(() => {
      const last = heard.filter((event) => event.type === 'voice.lines').at(-1);
      expect(last?.type === 'voice.lines' && last.finals.map((line) => line.text)).toEqual(['hello']);
    });

    // Switching language live: subscribed on the socket, the voice told, the address follows.
    actor.send({ type: 'join.language', language: 'zh-CN' });
    expect(selectJoinLanguage(actor.getSnapshot())).toBe('zh-CN');
    expect(sent).toContainEqual({ type: 'live.send', message: { type: 'subscribe', translationLanguage: 'zh-CN' } });
    expect(heard).toContainEqual({ type: 'voice.language', language: 'zh-CN' });
    // A language the meeting does not offer changes nothing.
    actor.send({ type: 'join.language', language: 'fr-FR' });
    expect(selectJoinLanguage(actor.getSnapshot())).toBe('zh-CN');
    actor.send({ type: 'join.voice', on: false });
    expect(heard).toContainEqual({ type: 'voice.enabled', on: false });
    expect(shown).toEqual([{ language: 'zh-CN', voice: true }, { language: 'zh-CN', voice: false }]);
  });

  it('on the live page, an ended meeting or closed sharing is an expired link', async () => {
    const { actor } = start({ meetingId: 'm-ended', joined: { language: 'es-ES', voice: false } });
    await waitFor(actor, (s) => selectJoinStage(s) === 'linkExpired');
  });
});

describe('voice broadcast lines', () => {
  const line = (segmentId: string, text: string, translations: Record<string, string> = {}) => ({
    segmentId, text, translations, translationErrors: {}, startMs: 0, endMs: 1, final: true,
  });

  it('does not read what was there when broadcasting began, then reads each new line once, translated when it can', () => {
    let step = linesToRead(null, [line('a', 'old')], 'es-ES');
    expect(step.utterances).toEqual([]);
    step = linesToRead(step.read, [line('a', 'old'), line('b', 'hello', { 'es-ES': 'hola' }), line('c', 'untranslated')], 'es-ES');
    expect(step.utterances).toEqual([{ text: 'hola', lang: 'es-ES' }, { text: 'untranslated', lang: '' }]);
    step = linesToRead(step.read, [line('a', 'old'), line('b', 'hello', { 'es-ES': 'hola' })], 'es-ES');
    expect(step.utterances).toEqual([]);
  });

  it('waits for the translation of a line sent before it, then reads the line once, translated', () => {
    let step = linesToRead(null, [], 'es-ES');
    step = linesToRead(step.read, [{ ...line('a', 'hello'), pending: true }], 'es-ES');
    expect(step.utterances).toEqual([]);
    step = linesToRead(step.read, [line('a', 'hello', { 'es-ES': 'hola' })], 'es-ES');
    expect(step.utterances).toEqual([{ text: 'hola', lang: 'es-ES' }]);
    step = linesToRead(step.read, [line('a', 'hello', { 'es-ES': 'hola' })], 'es-ES');
    expect(step.utterances).toEqual([]);
  });
});
