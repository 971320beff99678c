import { afterEach, expect, it, vi } from 'vitest';
import { browserTimeZone, resolvedBrowserTimeZone } from './browser-time-zone';

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

it('tells the zone already resolved without resolving it', () => {
  const resolve = vi.spyOn(Intl, 'DateTimeFormat');
  const zone = browserTimeZone(5_000_000);
  const calls = resolve.mock.calls.length;
  expect(resolvedBrowserTimeZone()).toBe(zone);
  expect(resolve.mock.calls.length).toBe(calls);
});
