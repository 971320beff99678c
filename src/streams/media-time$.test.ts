// @vitest-environment node
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { indexAt, mediaTime$, wordTimings, type MediaLike } from './media-time$';

class FakeMedia extends EventTarget implements MediaLike {
  currentTime = 0;
  paused = true;
  fire(type: string) {
    this.dispatchEvent(new Event(type));
  }
}

describe('mediaTime$', () => {
  it('emits the position on seek while paused, and every frame while playing, without repeats', () => {
    const ts = new TestScheduler((a, b) => expect(a).toEqual(b));
    ts.run(({ cold }) => {
      const media = new FakeMedia();
      // Drive the element from a cold marble: seek to 1.5 s at frame 2, play at 4, pause at 8.
      cold('--a-b---c', {
        a: () => {
          media.currentTime = 1.5;
          media.fire('seeked');
        },
        b: () => {
          media.paused = false;
          media.fire('play');
        },
        c: () => {
          media.paused = true;
          media.fire('pause');
        },
      }).subscribe((act) => act());
      let clock = 1.5;
      // Each frame the playing element has moved on by 10 ms.
      const advancing = new Proxy(media, {
        get(target, key) {
          if (key === 'currentTime' && !target.paused) {
            clock += 0.01;
            return clock;
          }
          return Reflect.get(target, key);
        },
      });
      const seen: Array<[number, number]> = [];
      mediaTime$(advancing as unknown as MediaLike, ts, 1).subscribe((ms) => seen.push([ts.now(), ms]));
      ts.schedule(() => undefined, 20);
      ts.flush();
      const [start, seek, ...playing] = seen;
      expect(start).toEqual([0, 0]);
      expect(seek).toEqual([2, 1500]);
      // Playing from frame 4 to the pause at frame 8: one rising value per frame, nothing after.
      expect(playing.length).toBeGreaterThanOrEqual(3);
      expect(playing.every(([frame]) => frame >= 4 && frame <= 8)).toBe(true);
      expect(playing.map(([, ms]) => ms)).toEqual([...playing.map(([, ms]) => ms)].sort((x, y) => x - y));
      expect(new Set(seen.map(([, ms]) => ms)).size).toBe(seen.length);
    });
  });
});

describe('indexAt', () => {
  const items = [
    { startMs: 0, endMs: 1000 },
    { startMs: 1000, endMs: 2500 },
    { startMs: 3000, endMs: 4000 },
  ];
  it('finds the item playing, and -1 in gaps and outside', () => {
    expect(indexAt(items, 0)).toBe(0);
    expect(indexAt(items, 999)).toBe(0);
    expect(indexAt(items, 1000)).toBe(1);
    expect(indexAt(items, 2700)).toBe(-1);
    expect(indexAt(items, 3999)).toBe(2);
    expect(indexAt(items, 4000)).toBe(-1);
    expect(indexAt([], 5)).toBe(-1);
  });
});

describe('wordTimings', () => {
  it("keeps the server's word timings", () => {
    const words = [{ text: 'hi', startMs: 100, endMs: 300 }];
    expect(wordTimings({ startMs: 0, endMs: 1000, text: 'hi', words })).toBe(words);
  });
  it('spreads words over the segment by length when the server sent none', () => {
    expect(wordTimings({ startMs: 1000, endMs: 2000, text: 'aaa b  aaaaaa' })).toEqual([
      { text: 'aaa', startMs: 1000, endMs: 1300 },
      { text: 'b', startMs: 1300, endMs: 1400 },
      { text: 'aaaaaa', startMs: 1400, endMs: 2000 },
    ]);
  });
});
