// @vitest-environment node
// The app-wide client loads with its first call; until then (and if that load fails) it must behave
// exactly like the client: same answers, same events, nothing thrown.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyCatalogue } from './error-catalogue';
import { api, unreachableClientResult } from './instance';
import type { ApiEvent } from './types';

afterEach(() => {
  vi.unstubAllGlobals();
});

function collectEvents() {
  const events: ApiEvent[] = [];
  const subscription = api.events$.subscribe((event) => events.push(event));
  return { events, stop: () => subscription.unsubscribe() };
}

describe('app-wide client', () => {
  it('answers a client that could not load as the catalogue answers an unreachable server', () => {
    const { events, stop } = collectEvents();
    const offline = applyCatalogue({ kind: 'thrown', error: new TypeError('Failed to fetch'), cancelledByCaller: false });
    expect(unreachableClientResult()).toEqual(offline.result);
    expect(events).toEqual(offline.events);
    stop();
  });

  it('stays quiet for a silent call and reports a cancelled one as cancelled', () => {
    const { events, stop } = collectEvents();
    const silent = applyCatalogue({ kind: 'thrown', error: new TypeError('Failed to fetch'), cancelledByCaller: false }, { silent: true });
    expect(unreachableClientResult({ silent: true })).toEqual(silent.result);
    const controller = new AbortController();
    controller.abort();
    expect(unreachableClientResult({ signal: controller.signal })).toEqual({ ok: false, error: { kind: 'cancelled' } });
    expect(events).toEqual([]);
    stop();
  });

  it('loads the client with the first call and passes its events on to listeners that came before', async () => {
    const { events, stop } = collectEvents();
    vi.stubGlobal('fetch', vi.fn(async () => new Response('upstream down', { status: 502 })));
    const result = await api.call((client, signal) => client.POST('/auth/c/doLogin', { body: { username: 'a@b.co', password: 'abcd1234' }, signal }));
    expect(result.ok).toBe(false);
    expect(events.some((event) => event.type === 'toast')).toBe(true);
    stop();
  });
});
