// @vitest-environment node
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { meterLevels$, silence$ } from './level$';

const scheduler = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
const LOUD = 0.1;
const QUIET = 0.0001;

describe('silence$', () => {
  it('reports silence after the stretch without a loud frame, and sound when it returns', () => {
    const testScheduler = scheduler();
    testScheduler.run(({ cold, expectObservable }) => {
      const rms$ = cold('q 9ms q 9ms q 20ms l', { q: QUIET, l: LOUD });
      expectObservable(silence$(rms$, { afterMs: 10 }, testScheduler), '^ 60ms !').toBe('f 9ms t 30ms f 9ms t', {
        f: false,
        t: true,
      });
    });
  });

  it('stays quiet about silence while loud frames keep coming', () => {
    const testScheduler = scheduler();
    testScheduler.run(({ cold, expectObservable }) => {
      const rms$ = cold('l 5ms l 5ms l 5ms l 5ms l', { l: LOUD });
      expectObservable(silence$(rms$, { afterMs: 10 }, testScheduler), '^ 25ms !').toBe('f', { f: false });
    });
  });

  it('uses the threshold: a frame just below it does not reset the timer', () => {
    const testScheduler = scheduler();
    testScheduler.run(({ cold, expectObservable }) => {
      const rms$ = cold('5ms a', { a: 0.0049 });
      expectObservable(silence$(rms$, { afterMs: 10, thresholdRms: 0.005 }, testScheduler), '^ 30ms !').toBe(
        'f 9ms t',
        { f: false, t: true },
      );
    });
  });
});

describe('meterLevels$', () => {
  it('throttles to one level per 100 ms, keeping the latest', () => {
    const testScheduler = scheduler();
    testScheduler.run(({ cold, expectObservable }) => {
      const rms$ = cold('a 39ms b 39ms c 39ms d', { a: 1, b: 0.001, c: 0.01, d: 0.1 });
      expectObservable(meterLevels$(rms$, testScheduler)).toBe('a 99ms c 99ms d', {
        a: 1,
        c: 1 / 3,
        d: 2 / 3,
      });
    });
  });
});
