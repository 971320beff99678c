// The video's time, shared without re-rendering the screen: the playhead moves every frame, but only
// the timeline draws it; the line list re-renders only when the line under the playhead changes.
import { useSyncExternalStore } from 'react';

export interface PlaybackClock {
  get(): number;
  set(ms: number): void;
  subscribe(listener: () => void): () => void;
}

export function createPlaybackClock(initialMs = 0): PlaybackClock {
  let now = initialMs;
  const listeners = new Set<() => void>();
  return {
    get: () => now,
    set(ms) {
      if (ms === now) return;
      now = ms;
      listeners.forEach((listener) => listener());
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The clock's value, or what `select` makes of it (a component re-renders only when that changes). */
export function usePlaybackClock<T = number>(clock: PlaybackClock, select?: (ms: number) => T): T {
  const read = () => (select ? select(clock.get()) : (clock.get() as T));
  return useSyncExternalStore(clock.subscribe, read, read);
}
