// The transcript page's player clock: once the page hands over its media element, the element's
// playing position (mediaTime$) arrives as `media.time` events, so the current line and word are
// derived from machine state; seeking a line moves the element and starts it. Another area's page
// with a player (the shared transcript) can reuse it.
import { assign, fromEventObservable, setup, type SnapshotFrom } from 'xstate';
import { map } from 'rxjs';
import { indexAt, mediaTime$, wordTimings, type MediaLike, type TimedItem } from '../../streams/media-time$';

export { indexAt, wordTimings, type TimedItem };

export interface PlayableMedia extends MediaLike {
  play(): Promise<void>;
}

export interface PlaybackContext {
  media: PlayableMedia | null;
  nowMs: number;
}

export type PlaybackEvent =
  | { type: 'media.attached'; media: PlayableMedia | null }
  | { type: 'media.time'; ms: number }
  | { type: 'media.seek'; ms: number };

export const playbackMachine = setup({
  types: { context: {} as PlaybackContext, events: {} as PlaybackEvent },
  actors: {
    mediaClock: fromEventObservable<{ type: 'media.time'; ms: number }, { media: MediaLike }>(({ input }) =>
      mediaTime$(input.media).pipe(map((ms) => ({ type: 'media.time' as const, ms }))),
    ),
  },
  actions: {
    seek: (_, params: { media: PlayableMedia | null; ms: number }) => {
      if (!params.media) return;
      params.media.currentTime = params.ms / 1000;
      if (params.media.paused) void params.media.play().catch(() => undefined);
    },
  },
}).createMachine({
  id: 'playback',
  context: { media: null, nowMs: 0 },
  initial: 'detached',
  on: {
    'media.attached': [
      { guard: ({ event }) => event.media === null, target: '.detached', actions: assign({ media: null, nowMs: 0 }) },
      // Re-entering restarts the clock on the new element.
      { target: '.attached', reenter: true, actions: assign({ media: ({ event }) => event.media }) },
    ],
  },
  states: {
    detached: {},
    attached: {
      invoke: { src: 'mediaClock', input: ({ context }) => ({ media: context.media! }) },
      on: {
        'media.time': { actions: assign({ nowMs: ({ event }) => event.ms }) },
        'media.seek': { actions: { type: 'seek', params: ({ context, event }) => ({ media: context.media, ms: event.ms }) } },
      },
    },
  },
});

export const selectNowMs = (snapshot: SnapshotFrom<typeof playbackMachine>) => snapshot.context.nowMs;
