import { afterEach, expect, it, vi } from 'vitest';
import { browserTimeZone } from './browser-time-zone';

afterEach(() => vi.restoreAllMocks());

it('resolves the zone once a minute, not on every call, and again after the minute', () => {
  const resolve = vi.spyOn(Intl, 'DateTimeFormat');
  const first = browserTimeZone(1_000_000);
  expect(first).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  const callsAfterFirst = resolve.mock.calls.length;
  for (let i = 1; i < 50; i += 1) expect(browserTimeZone(1_000_000 + i * 1000)).toBe(first);
  expect(resolve.mock.calls.length).toBe(callsAfterFirst);
  browserTimeZone(1_000_000 + 61_000);
  expect(resolve.mock.calls.length).toBe(callsAfterFirst + 1);
});
