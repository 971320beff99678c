// The transcript page's player clock: once the page hands over its media element, the element's
// playing position (mediaTime$) arrives as `media.time` events, so the current line and word are
// derived from machine state; seeking a line moves the element and starts it. Another area's page
// with a player (the shared transcript) can reuse it. A cue (a search hit's line, ?t= in the
// address) places the clock and the element at a time without playing, even before the element is
// attached: the current line shows at once and the element starts there when it loads.
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
  /** A cue given before an element was attached; applied to the element when it is. */
  cueMs: number | null;
}

export type PlaybackEvent =
  | { type: 'media.attached'; media: PlayableMedia | null }
  | { type: 'media.time'; ms: number }
  | { type: 'media.seek'; ms: number }
  | { type: 'media.cue'; ms: number };

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
    // Before the element has its metadata, this sets its default playback start position (HTML
    // media spec), so the cue holds through loading.
    cue: (_, params: { media: PlayableMedia | null; ms: number }) => {
      if (params.media) params.media.currentTime = params.ms / 1000;
    },
  },
}).createMachine({
  id: 'playback',
  context: { media: null, nowMs: 0, cueMs: null },
  initial: 'detached',
  on: {
    'media.attached': [
      { guard: ({ event }) => event.media === null, target: '.detached', actions: assign({ media: null, nowMs: 0, cueMs: null }) },
      // Re-entering restarts the clock on the new element; a waiting cue moves it first.
      {
        target: '.attached',
        reenter: true,
        actions: [
          { type: 'cue', params: ({ context, event }) => ({ media: context.cueMs === null ? null : event.media, ms: context.cueMs ?? 0 }) },
          assign({ media: ({ event }) => event.media, cueMs: null }),
        ],
      },
    ],
  },
  states: {
    detached: {
      on: { 'media.cue': { actions: assign({ nowMs: ({ event }) => event.ms, cueMs: ({ event }) => event.ms }) } },
    },
    attached: {
      invoke: { src: 'mediaClock', input: ({ context }) => ({ media: context.media! }) },
      on: {
        'media.time': { actions: assign({ nowMs: ({ event }) => event.ms }) },
        'media.seek': { actions: { type: 'seek', params: ({ context, event }) => ({ media: context.media, ms: event.ms }) } },
        'media.cue': {
          actions: [{ type: 'cue', params: ({ context, event }) => ({ media: context.media, ms: event.ms }) }, assign({ nowMs: ({ event }) => event.ms })],
        },
      },
    },
  },
});

export const selectNowMs = (snapshot: SnapshotFrom<typeof playbackMachine>) => snapshot.context.nowMs;
