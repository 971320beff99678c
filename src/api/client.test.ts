// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Client } from 'openapi-fetch';
import { createApi, type ApiEvent } from './client';
import { fakeFetch, json, type FakeAnswer } from './test-fetch';

// Lets a test reach contract paths that a later issue adds to the generated types.
type UntypedPost = (path: string, init: { signal: AbortSignal }) => ReturnType<Client<object>['POST']>;

function setup(answer: (request: Request) => FakeAnswer | Promise<FakeAnswer>, token: string | null = 'tok-1') {
  const fake = fakeFetch(answer);
  const api = createApi({
    baseUrl: 'http://parley.test/prod-api',
    getToken: () => token,
    getLocale: () => 'zh-TW',
    fetch: fake.fetch,
  });
  const events: ApiEvent[] = [];
  api.events$.subscribe((event) => events.push(event));
  // Always through the client handed to run(): a per-call time-out lives in that client.
  const login = (client: typeof api.client, signal: AbortSignal) =>
    client.POST('/auth/c/doLogin', { body: { username: 'a@b.co', password: 'abcd1234' }, signal });
  return { api, events, requests: fake.requests, login };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('request shaping', () => {
  it('posts JSON under /prod-api with the bearer token and the locale', async () => {
    const { api, requests, login } = setup(() => json({ code: 200, msg: 'ok', data: { token: 't' } }));
    const result = await api.call((client, signal) => login(client, signal));
    expect(result).toEqual({ ok: true, data: { token: 't' }, code: 200, msg: 'ok' });
    const request = requests[0]!;
    expect(new URL(request.url).pathname).toBe('/prod-api/auth/c/doLogin');
    expect(request.method).toBe('POST');
    expect(request.headers.get('Authorization')).toBe('Bearer tok-1');
    expect(request.headers.get('Accept-Language')).toBe('zh-TW');
    expect(await request.json()).toEqual({ username: 'a@b.co', password: 'abcd1234' });
  });

  it("sends the browser's time zone on every call, so allowances roll over at the user's midnight", async () => {
    const { api, requests, login } = setup(() => json({ code: 200, msg: 'ok', data: { token: 't' } }));
    await api.call((client, signal) => login(client, signal));
    await api.call((client, signal) => client.GET('/system/getClientInfo', { signal }), { timeoutMs: 5_000 });
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(zone).toBeTruthy();
    expect(requests.map((r) => r.headers.get('X-Time-Zone'))).toEqual([zone, zone]);
  });

  it('sends the zone the options name, and none when there is none', async () => {
    const fake = fakeFetch(() => json({ code: 200, msg: '', data: null }));
    let zone: string | null = 'Asia/Shanghai';
    const api = createApi({ baseUrl: 'http://parley.test/prod-api', getToken: () => null, getLocale: () => 'en-US', getTimeZone: () => zone, fetch: fake.fetch });
    await api.call((client, signal) => client.GET('/system/getClientInfo', { signal }));
    zone = null;
    await api.call((client, signal) => client.GET('/system/getClientInfo', { signal }));
    expect(fake.requests[0]!.headers.get('X-Time-Zone')).toBe('Asia/Shanghai');
    expect(fake.requests[1]!.headers.has('X-Time-Zone')).toBe(false);
  });

  it('sends no Authorization header without a stored token', async () => {
    const { api, requests } = setup(() => json({ code: 200, msg: '', data: null }), null);
    await api.call((client, signal) => client.GET('/system/getClientInfo', { signal }));
    expect(requests[0]!.headers.has('Authorization')).toBe(false);
  });
});

describe('envelope', () => {
  it('reads success from resultCode and shows the raw client a `code`', async () => {
    const { api, events } = setup(() => json({ resultCode: 200, msg: 'fine', data: [1, 2] }));
    const result = await api.call((client, signal) => client.GET('/system/getClientInfo', { signal }));
    expect(result).toEqual({ ok: true, data: [1, 2], code: 200, msg: 'fine' });
    const raw = await api.client.GET('/system/getClientInfo');
    expect((raw.data as { code: number }).code).toBe(200);
    expect(events).toEqual([]);
  });

  it('passes a body without envelope (files) through as data on HTTP 200', async () => {
    const { api } = setup(() => new Response('plain text', { status: 200, headers: { 'Content-Type': 'text/plain' } }));
    const result = await api.call((client, signal) =>
      client.GET('/system/getClientInfo', { signal, parseAs: 'text' }),
    );
    expect(result).toEqual({ ok: true, data: 'plain text', code: 200, msg: '' });
  });
});

describe('error catalogue', () => {
  it('shows the server message as a 5 s error toast for a non-200 code', async () => {
    const { api, events, login } = setup(() => json({ code: 500, msg: 'Wrong password' }));
    const result = await api.call((client, signal) => login(client, signal));
    expect(result).toEqual({
      ok: false,
      error: { kind: 'business', code: 500, status: 200, data: null, message: 'Wrong password' },
    });
    expect(events).toEqual([{ type: 'toast', level: 'error', message: 'Wrong password', durationMs: 5000 }]);
  });

  it("falls back to 'Error' when the server gives no message", async () => {
    const { api, events, login } = setup(() => json({ code: 500, msg: '' }));
    const result = await api.call((client, signal) => login(client, signal));
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error.messageKey).toBe('api:error');
    expect(events).toEqual([{ type: 'toast', level: 'error', messageKey: 'api:error', durationMs: 5000 }]);
  });

  it('reads the envelope of an HTTP 400 answer', async () => {
    const { api, events, login } = setup(() => json({ code: 400, msg: 'Unknown field "x"' }, 400));
    const result = await api.call((client, signal) => login(client, signal));
    expect(!result.ok && result.error).toMatchObject({ kind: 'business', code: 400, status: 400 });
    expect(events).toEqual([{ type: 'toast', level: 'error', message: 'Unknown field "x"', durationMs: 5000 }]);
  });

  it.each([
    ['an HTTP 401 envelope', () => json({ code: 401, msg: 'Please sign in' }, 401)],
    ['code 401 on HTTP 200', () => json({ code: 401, msg: 'Please sign in' })],
    ['a bare HTTP 401', () => new Response('', { status: 401 })],
  ])('turns %s into session.expired without a toast', async (_name, answer) => {
    const { api, events, login } = setup(answer);
    const result = await api.call((client, signal) => login(client, signal));
    expect(!result.ok && result.error.kind).toBe('unauthorized');
    expect(events).toEqual([{ type: 'session.expired' }]);
  });

  it('returns 9250747 with its data and no toast', async () => {
    const { api, events, login } = setup(() => json({ code: 9250747, msg: 'quiet', data: { keep: true } }));
    const result = await api.call((client, signal) => login(client, signal));
    expect(result).toEqual({
      ok: false,
      error: { kind: 'business', code: 9250747, status: 200, data: { keep: true }, message: 'quiet' },
    });
    expect(events).toEqual([]);
  });

  it.each([
    [92505000, 'api:insufficientBalance'],
    [92505001, 'api:quotaExhausted'],
    [92505003, 'api:noBenefit'],
  ])('warns with its own text for %i and opens the purchase dialog on tab 2', async (code, key) => {
    const { api, events, login } = setup(() => json({ code, msg: 'server words' }));
    const result = await api.call((client, signal) => login(client, signal));
    expect(!result.ok && result.error).toMatchObject({ kind: 'entitlement', code, messageKey: key, message: 'server words' });
    expect(events).toEqual([
      { type: 'toast', level: 'warning', messageKey: key, durationMs: 5000 },
      { type: 'purchase.open', tab: 'duration' },
    ]);
  });

  it('shows the server text for an entitlement code when the call asks for it (transcribe-write)', async () => {
    const { api, events, login } = setup(() => json({ code: 92505001, msg: 'Quota used up' }));
    await api.call((client, signal) => login(client, signal), { entitlementMessage: 'server' });
    expect(events).toEqual([
      { type: 'toast', level: 'warning', message: 'Quota used up', durationMs: 5000 },
      { type: 'purchase.open', tab: 'duration' },
    ]);
  });

  it("reports a failed connection as 'Network Error'", async () => {
    const { api, events, login } = setup(() => new TypeError('fetch failed'));
    const result = await api.call((client, signal) => login(client, signal));
    expect(result).toEqual({ ok: false, error: { kind: 'transport', messageKey: 'api:networkError' } });
    expect(events).toEqual([{ type: 'toast', level: 'error', messageKey: 'api:networkError', durationMs: 5000 }]);
  });

  it("reports an HTTP error without envelope as 'Request failed with status code <n>'", async () => {
    const { api, events, login } = setup(() => new Response('<html>bad gateway</html>', { status: 502 }));
    const result = await api.call((client, signal) => login(client, signal));
    expect(!result.ok && result.error).toEqual({
      kind: 'transport',
      status: 502,
      messageKey: 'api:requestFailed',
      messageParams: { status: 502 },
    });
    expect(events).toEqual([
      { type: 'toast', level: 'error', messageKey: 'api:requestFailed', messageParams: { status: 502 }, durationMs: 5000 },
    ]);
  });

  it('keeps unchecked calls silent but still ends an expired session', async () => {
    const answers = [json({ code: 500, msg: 'nope' }), new TypeError('down'), json({ code: 92505000, msg: '' }), json({ code: 401, msg: '' }, 401)];
    const { api, events, login } = setup(() => answers.shift()!);
    const kinds = [];
    for (let i = 0; i < 4; i += 1) {
      const result = await api.call((client, signal) => login(client, signal), { silent: true });
      kinds.push(!result.ok && result.error.kind);
    }
    expect(kinds).toEqual(['business', 'transport', 'entitlement', 'unauthorized']);
    expect(events).toEqual([{ type: 'session.expired' }]);
  });

  it('ends a call the caller aborts as a silent cancellation', async () => {
    const { api, events, login } = setup(() => 'hang');
    const controller = new AbortController();
    const pending = api.call((client, signal) => login(client, signal), { signal: controller.signal });
    await Promise.resolve();
    controller.abort();
    expect(await pending).toEqual({ ok: false, error: { kind: 'cancelled' } });
    expect(events).toEqual([]);
  });

  it('does not even send a call whose signal is already aborted', async () => {
    const { api, events, requests, login } = setup(() => json({ code: 200, msg: '' }));
    const controller = new AbortController();
    controller.abort();
    const result = await api.call((client, signal) => login(client, signal), { signal: controller.signal });
    expect(result).toEqual({ ok: false, error: { kind: 'cancelled' } });
    expect(requests).toEqual([]);
    expect(events).toEqual([]);
  });
});

describe('time-outs', () => {
  async function outcomeAfter(ms: number, pending: Promise<unknown>) {
    let settled: unknown = 'pending';
    void pending.then((value) => (settled = value));
    await vi.advanceTimersByTimeAsync(ms);
    // The abort travels through several awaits (fetch, middleware, catalogue) before it settles.
    for (let round = 0; round < 20; round += 1) await Promise.resolve();
    return settled;
  }

  it("gives up after 60 s by default with 'timeout'", async () => {
    vi.useFakeTimers();
    const { api, events, login } = setup(() => 'hang');
    const pending = api.call((client, signal) => login(client, signal));
    expect(await outcomeAfter(59_999, pending)).toBe('pending');
    expect(await outcomeAfter(1, pending)).toEqual({ ok: false, error: { kind: 'timeout', messageKey: 'api:timeout' } });
    expect(events).toEqual([{ type: 'toast', level: 'error', messageKey: 'api:timeout', durationMs: 5000 }]);
  });

  it('gives transcribe, upload and summary calls 600 s', async () => {
    vi.useFakeTimers();
    const { api } = setup(() => 'hang');
    const pending = api.call((client, signal) =>
      (client.POST as unknown as UntypedPost)('/speech/audio/transcribe/transwrite', { signal }),
    );
    expect(await outcomeAfter(599_999, pending)).toBe('pending');
    expect(await outcomeAfter(1, pending)).toMatchObject({ ok: false, error: { kind: 'timeout' } });
  });

  it('honours a per-call time-out', async () => {
    vi.useFakeTimers();
    const { api, login } = setup(() => 'hang');
    const pending = api.call((client, signal) => login(client, signal), { timeoutMs: 5_000 });
    expect(await outcomeAfter(4_999, pending)).toBe('pending');
    expect(await outcomeAfter(1, pending)).toMatchObject({ ok: false, error: { kind: 'timeout' } });
  });

  it('clears the timer once the answer arrives', async () => {
    vi.useFakeTimers();
    const { api, login } = setup(() => json({ code: 200, msg: '', data: 1 }));
    const result = await api.call((client, signal) => login(client, signal));
    expect(result.ok).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });
});
