// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { playbackMachine, selectNowMs, type PlayableMedia } from './playback.machine';

function fakeMedia(): PlayableMedia & { fire(type: string): void } {
  const listeners = new Map<string, Set<() => void>>();
  const media = {
    currentTime: 0,
    paused: true,
    play: vi.fn(async () => {
      media.paused = false;
    }),
    addEventListener: (type: string, listener: () => void) => {
      if (!listeners.has(type)) listeners.set(type, new Set());
      listeners.get(type)!.add(listener);
    },
    removeEventListener: (type: string, listener: () => void) => listeners.get(type)?.delete(listener),
    fire: (type: string) => listeners.get(type)?.forEach((listener) => listener()),
  };
  return media as unknown as PlayableMedia & { fire(type: string): void };
}

describe('playback machine', () => {
  it('follows the attached element: its position on seek and time updates, in ms', () => {
    const actor = createActor(playbackMachine).start();
    const media = fakeMedia();
    actor.send({ type: 'media.attached', media });
    expect(actor.getSnapshot().value).toBe('attached');
    media.currentTime = 12.345;
    media.fire('timeupdate');
    expect(selectNowMs(actor.getSnapshot())).toBe(12345);
  });

  it('cues a time before the element is attached: the clock shows it at once and the element starts there, paused', () => {
    const actor = createActor(playbackMachine).start();
    actor.send({ type: 'media.cue', ms: 7250 });
    expect(selectNowMs(actor.getSnapshot())).toBe(7250);
    const media = fakeMedia();
    actor.send({ type: 'media.attached', media });
    expect(media.currentTime).toBe(7.25);
    expect(media.play).not.toHaveBeenCalled();
    expect(selectNowMs(actor.getSnapshot())).toBe(7250);
    // The cue is used once: a later element starts where it is.
    const next = fakeMedia();
    actor.send({ type: 'media.attached', media: next });
    expect(next.currentTime).toBe(0);
  });

  it('cues an attached element without starting it', () => {
    const actor = createActor(playbackMachine).start();
    const media = fakeMedia();
    actor.send({ type: 'media.attached', media });
    actor.send({ type: 'media.cue', ms: 3000 });
    expect(media.currentTime).toBe(3);
    expect(media.play).not.toHaveBeenCalled();
    expect(selectNowMs(actor.getSnapshot())).toBe(3000);
  });

  it('seeks the element to a line and starts it when paused', () => {
    const actor = createActor(playbackMachine).start();
    const media = fakeMedia();
    actor.send({ type: 'media.attached', media });
    actor.send({ type: 'media.seek', ms: 4200 });
    expect(media.currentTime).toBe(4.2);
    expect(media.play).toHaveBeenCalledTimes(1);
  });

  it('ignores seeks without an element and stops following a detached one', () => {
    const actor = createActor(playbackMachine).start();
    actor.send({ type: 'media.seek', ms: 1000 });
    const media = fakeMedia();
    actor.send({ type: 'media.attached', media });
    actor.send({ type: 'media.attached', media: null });
    expect(actor.getSnapshot().value).toBe('detached');
    media.currentTime = 9;
    media.fire('timeupdate');
    expect(selectNowMs(actor.getSnapshot())).toBe(0);
  });
});
