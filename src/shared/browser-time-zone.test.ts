import { afterEach, beforeEach, expect, it, vi } from 'vitest';

// Each test loads the module afresh: the zone it keeps is per page.
async function load() {
  vi.resetModules();
  return import('./browser-time-zone');
}

beforeEach(() => vi.useRealTimers());
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

it('resolves the zone once a minute, not on every call, and again after the minute', async () => {
  const { browserTimeZone } = await load();
  const resolve = vi.spyOn(Intl, 'DateTimeFormat');
  const first = browserTimeZone(1_000_000);
  expect(first).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  const callsAfterFirst = resolve.mock.calls.length;
  for (let i = 1; i < 50; i += 1) expect(browserTimeZone(1_000_000 + i * 1000)).toBe(first);
  expect(resolve.mock.calls.length).toBe(callsAfterFirst);
  browserTimeZone(1_000_000 + 61_000);
  expect(resolve.mock.calls.length).toBe(callsAfterFirst + 1);
});

/** A stand-in for the browser's Worker that answers as the time-zone worker would, or fails. */
function stubWorker(answer: { zone: string } | 'fails') {
  const started: string[] = [];
  class StandInWorker {
    onmessage: ((event: { data: unknown }) => void) | null = null;
    onerror: ((event: { preventDefault(): void }) => void) | null = null;
    terminated = false;
    constructor(url: URL) {
      started.push(String(url));
      setTimeout(() => {
        if (answer === 'fails') this.onerror?.({ preventDefault: () => undefined });
        else this.onmessage?.({ data: answer.zone });
      }, 0);
    }
    terminate() {
      this.terminated = true;
    }
  }
  vi.stubGlobal('Worker', StandInWorker);
  return started;
}

it('takes the zone from a worker, not from an Intl.DateTimeFormat on the page, and once for concurrent calls', async () => {
  const { browserTimeZoneSoon, browserTimeZone } = await load();
  const started = stubWorker({ zone: 'Pacific/Auckland' });
  const onThisThread = vi.spyOn(Intl, 'DateTimeFormat');
  const answers = await Promise.all([browserTimeZoneSoon(), browserTimeZoneSoon(), browserTimeZoneSoon()]);
  expect(answers).toEqual(['Pacific/Auckland', 'Pacific/Auckland', 'Pacific/Auckland']);
  expect(started).toHaveLength(1);
  expect(started[0]).toMatch(/time-zone\.worker/);
  expect(onThisThread).not.toHaveBeenCalled();
  // Kept for the minute, for the API's calls and for dates shown alike.
  expect(await browserTimeZoneSoon()).toBe('Pacific/Auckland');
  expect(browserTimeZone()).toBe('Pacific/Auckland');
  expect(started).toHaveLength(1);
});

it('resolves the zone on the page when no worker can run (or the worker fails)', async () => {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const failing = await load();
  stubWorker('fails');
  expect(await failing.browserTimeZoneSoon()).toBe(zone);
  vi.unstubAllGlobals();
  const without = await load();
  vi.stubGlobal('Worker', undefined);
  expect(await without.browserTimeZoneSoon()).toBe(zone);
});
