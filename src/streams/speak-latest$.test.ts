// @vitest-environment node
import { throwError, timer } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { speakLatest } from './speak-latest$';

const scheduler = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected));

describe('speakLatest', () => {
  it('speaks lines that come apart one after another', () => {
    scheduler().run(({ cold, expectObservable }) => {
      const lines = cold('a 9ms b 9ms c|');
      // Each line takes 5 ms to say.
      expectObservable(lines.pipe(speakLatest(() => timer(5)))).toBe('a 9ms b 9ms c 4ms |');
    });
  });

  it('never falls more than one line behind: older waiting lines are skipped', () => {
    scheduler().run(({ cold, expectObservable }) => {
      // b, c and d arrive while a (10 ms) is spoken: only d waits; e arrives while d is spoken.
      const lines = cold('a 1ms b 1ms c 1ms d 9ms e|');
      expectObservable(lines.pipe(speakLatest(() => timer(10)))).toBe('a 9ms d 9ms e 9ms |');
    });
  });

  it('goes on after a line that could not be spoken', () => {
    scheduler().run(({ cold, expectObservable }) => {
      const lines = cold('a 1ms b|');
      const speak = (line: string) => (line === 'a' ? throwError(() => new Error('no voice')) : timer(3));
      expectObservable(lines.pipe(speakLatest(speak))).toBe('a 1ms b 2ms |');
    });
  });

  it('stops the line being spoken when unsubscribed', () => {
    scheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const speech = cold('-----|');
      const lines = cold('a|');
      expectObservable(lines.pipe(speakLatest(() => speech)), '--!').toBe('a');
      expectSubscriptions(speech.subscriptions).toBe('^-!');
    });
  });
});
