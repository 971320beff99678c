// @vitest-environment node
import { createActor, fromCallback, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { LiveSocketEvent } from '../../streams/socket$';
import { liveSubtitlesMachine, type LiveOutgoingEvent, type LiveSubtitlesInput } from './liveSubtitles.machine';
import {
  initialScreenLanguage,
  screenProjectionMachine,
  selectHeldFinals,
  selectProjectionLanguage,
  selectProjectionLook,
  selectProjectionStage,
} from './screenProjection.machine';
import { control, SCREENS, screenProjectionDoubles } from './screenProjection.paths';

function start(code = '123456') {
  const socket: { inputs: unknown[]; sent: LiveOutgoingEvent[]; push?: (event: LiveSocketEvent) => void } = { inputs: [], sent: [] };
  const liveSubtitles = liveSubtitlesMachine.provide({
    actors: {
      connection: fromCallback<LiveOutgoingEvent, LiveSubtitlesInput, LiveSocketEvent>(({ input, receive, sendBack }) => {
        socket.inputs.push(input);
        receive((event) => socket.sent.push(event));
        socket.push = sendBack;
        return () => undefined;
      }),
    },
  });
  const machine = screenProjectionMachine.provide({ actors: { ...screenProjectionDoubles, liveSubtitles } as never });
  const actor = createActor(machine, { input: { code, screenName: `Screen ${code}`, socketUrl: (id: string, name: string) => `ws://test/${id}?name=${name}` } }).start();
  return { actor, socket };
}

const final = (seq: number, id: string) => ({
  type: 'socket.message' as const,
  message: { type: 'subtitle.final' as const, seq, segmentId: id, startMs: seq * 1000, endMs: seq * 1000 + 500, text: id, lang: 'en-US', translations: {} },
});

describe('screenProjection machine', () => {
  it('shows the meeting in the host style and language, named for the host list', async () => {
    const { actor, socket } = start();
    await waitFor(actor, (s) => selectProjectionStage(s) === 'showing');
    expect(socket.inputs).toEqual([{ socketUrl: 'ws://test/m1?name=Screen 123456', translationLanguage: 'es-ES' }]);
    expect(selectProjectionLook(actor.getSnapshot())).toMatchObject({ display: 'bilingual', color: '#ffffff', fontSize: 48 });
  });

  it('follows the host: its own controls only, each once; pause holds the lines', async () => {
    const { actor, socket } = start();
    await waitFor(actor, (s) => selectProjectionStage(s) === 'showing');
    const push = (message: ReturnType<typeof control>) => socket.push!({ type: 'socket.message', message });
    socket.push!(final(1, 'a'));
    push(control(2, 'style', '123456', { translationLanguage: 'zh-CN', fontSize: 72 }));
    expect(selectProjectionLanguage(actor.getSnapshot())).toBe('zh-CN');
    expect(selectProjectionLook(actor.getSnapshot()).fontSize).toBe(72);
    expect(socket.sent).toContainEqual({ type: 'live.send', message: { type: 'subscribe', translationLanguage: 'zh-CN' } });
    // Another screen's pause is not this one's.
    push(control(3, 'pause', '654321'));
    expect(selectProjectionStage(actor.getSnapshot())).toBe('showing');
    push(control(4, 'pause', '123456'));
    expect(selectProjectionStage(actor.getSnapshot())).toBe('paused');
    expect(selectHeldFinals(actor.getSnapshot())).toBe(1);
    socket.push!(final(5, 'b'));
    expect(selectHeldFinals(actor.getSnapshot())).toBe(1);
    push(control(6, 'resume', null));
    expect(selectProjectionStage(actor.getSnapshot())).toBe('showing');
    expect(selectHeldFinals(actor.getSnapshot())).toBeNull();
    // Original only: no translation shown.
    push(control(7, 'style', '123456', { translationLanguage: '' }));
    expect(selectProjectionLook(actor.getSnapshot()).display).toBe('original');
    push(control(8, 'disconnect', '123456'));
    expect(selectProjectionStage(actor.getSnapshot())).toBe('disconnected');
  });

  it('says link expired for an unknown code or an ended meeting', async () => {
    for (const code of ['999999', '222222', '333333']) {
      const { actor } = start(code);
      await waitFor(actor, (s) => selectProjectionStage(s) === 'linkExpired');
    }
  });

  it('starts with no translation when the host shows originals only', () => {
    const meeting = SCREENS['123456']!.meeting;
    expect(initialScreenLanguage(meeting)).toBe('es-ES');
    expect(initialScreenLanguage({ ...meeting, subtitleStyle: { ...meeting.subtitleStyle!, display: 'original' } })).toBe('');
  });
});
