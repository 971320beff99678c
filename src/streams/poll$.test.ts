// @vitest-environment node
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { poll$ } from './poll$';

function scheduler() {
  return new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
}

describe('poll$', () => {
  it('ticks at once and then every period until unsubscribed', () => {
    const testScheduler = scheduler();
    testScheduler.run(({ expectObservable }) => {
      expectObservable(poll$(1000, testScheduler), '^ 2500ms !').toBe('a 999ms b 999ms c', { a: 0, b: 1, c: 2 });
    });
  });

  it('refuses a period that would spin', () => {
    expect(() => poll$(0)).toThrow(RangeError);
  });
});
