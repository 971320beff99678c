// @vitest-environment node
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { countdown$ } from './countdown$';

function scheduler() {
  return new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
}

describe('countdown$', () => {
  it('emits 3, 2, 1, 0 one second apart and completes with the last value', () => {
    const testScheduler = scheduler();
    testScheduler.run(({ expectObservable }) => {
      expectObservable(countdown$(3, testScheduler)).toBe('a 999ms b 999ms c 999ms (d|)', {
        a: 3,
        b: 2,
        c: 1,
        d: 0,
      });
    });
  });

  it('emits 0 and completes at once for a zero countdown', () => {
    const testScheduler = scheduler();
    testScheduler.run(({ expectObservable }) => {
      expectObservable(countdown$(0, testScheduler)).toBe('(a|)', { a: 0 });
    });
  });

  it('stops emitting when unsubscribed early', () => {
    const testScheduler = scheduler();
    testScheduler.run(({ expectObservable }) => {
      expectObservable(countdown$(60, testScheduler), '^ 1500ms !').toBe('a 999ms b', { a: 60, b: 59 });
    });
  });
});
