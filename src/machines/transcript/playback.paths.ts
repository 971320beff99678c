// Path model of the player clock (convention: src/testing/paths.ts): an element attached,
// replaced and detached; seeks and time updates while attached; cues before and after attaching.
import type { PathsModel } from '../../testing/paths';
import { playbackMachine, type PlayableMedia } from './playback.machine';

/** An element that never plays by itself: time only moves when the path says so. */
const still = (): PlayableMedia => ({
  currentTime: 0,
  paused: true,
  play: async () => undefined,
  addEventListener: () => undefined,
  removeEventListener: () => undefined,
});
const MEDIA = still();

export const pathsModel: PathsModel = {
  name: 'playback',
  machine: playbackMachine,
  events: {
    'media.attached': [
      { type: 'media.attached', media: MEDIA },
      { type: 'media.attached', media: null },
    ],
    'media.time': [{ type: 'media.time', ms: 1500 }],
    'media.seek': [{ type: 'media.seek', ms: 3000 }],
    'media.cue': [{ type: 'media.cue', ms: 4500 }],
  },
  serializeContext: (context: { media: unknown; nowMs: number; cueMs: number | null }) => ({
    attached: context.media !== null,
    nowMs: context.nowMs,
    cueMs: context.cueMs,
  }),
};
