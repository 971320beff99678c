// Path model of the live subtitles machine. The connection double does nothing: the replay sends
// the socket events a real connection would (ready, messages, reconnecting, closed).
import { fromCallback } from 'xstate';
import type { PathsModel } from '../../testing/paths';
import { liveSubtitlesMachine, type LiveSubtitlesContext } from './liveSubtitles.machine';
import type { LiveReady } from '../../streams/socket$';

const ready = (state: LiveReady['state']): LiveReady => ({
  type: 'ready',
  seq: 0,
  role: 'participant',
  meetingId: 'm1',
  state,
  lastAudioSeq: -1,
  recognitionLanguage: 'en-US',
  translationLanguages: ['es-ES'],
});

export const pathsModel: PathsModel = {
  name: 'liveSubtitles',
  machine: liveSubtitlesMachine.provide({ actors: { connection: fromCallback(() => () => undefined) } }),
  input: { socketUrl: 'ws://test/prod-api/ws/meeting/m1', translationLanguage: 'es-ES' },
  serializeContext: (context: LiveSubtitlesContext) => ({
    finals: context.finals.length,
    partials: context.partials.length,
    endReason: context.endReason,
  }),
  events: {
    'socket.ready': [
      { type: 'socket.ready', ready: ready('in_progress') },
      { type: 'socket.ready', ready: ready('ended') },
    ],
    'socket.message': [
      {
        type: 'socket.message',
        message: { type: 'subtitle.partial', seq: 1, segmentId: 's1', startMs: 0, endMs: 500, text: 'hello', lang: 'en-US' },
      },
      {
        type: 'socket.message',
        message: {
          type: 'subtitle.final',
          seq: 2,
          segmentId: 's1',
          startMs: 0,
          endMs: 900,
          text: 'hello world',
          lang: 'en-US',
          translations: { 'es-ES': 'hola mundo' },
        },
      },
      { type: 'socket.message', message: { type: 'meeting.state', seq: 3, state: 'ended' } },
    ],
    'socket.reconnecting': [{ type: 'socket.reconnecting', attempt: 1, delayMs: 500 }],
    'socket.connecting': [{ type: 'socket.connecting', attempt: 1 }],
    'live.send': [{ type: 'live.send', message: { type: 'control', action: 'start' } }],
    'live.audio': [{ type: 'live.audio', pcm: new ArrayBuffer(4) }],
    'socket.closed': [
      { type: 'socket.closed', code: 4410, reason: '' },
      { type: 'socket.closed', code: 4404, reason: '' },
    ],
  },
  maxSimplePaths: 40,
};
