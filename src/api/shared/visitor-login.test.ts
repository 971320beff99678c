// The two visitor-login policies: the app client (stored token sent, a 401 reaches the app's events)
// and the page client (no stored token, a failure reaches only the caller).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import '../test-relative-request';
import { clearToken, writeToken } from '../../shared/session-storage';
import { apiEvents$ } from '../app-events';
import { fakeFetch, json } from '../test-fetch';
import type { ApiEvent } from '../types';
import { MISSING_VISITOR_TOKEN, visitorLogin } from './visitor-login';

function answer(body: unknown) {
  const fake = fakeFetch(() => json(body));
  vi.stubGlobal('fetch', fake.fetch);
  return fake.requests;
}

let events: ApiEvent[];
let stop: () => void;
beforeEach(() => {
  events = [];
  const subscription = apiEvents$.subscribe((event) => events.push(event));
  stop = () => subscription.unsubscribe();
  writeToken('stored-token');
});
afterEach(() => {
  stop();
  clearToken();
  vi.unstubAllGlobals();
});

describe('visitorLogin', () => {
  it('returns the token the server gave', async () => {
    const requests = answer({ code: 200, msg: '', data: { token: 'visitor-1' } });
    await expect(visitorLogin('page')).resolves.toBe('visitor-1');
    expect(new URL(requests[0]!.url).pathname).toBe('/prod-api/auth/visitorlogin');
  });

  it("on the page client sends no stored token and tells the app nothing of a 401", async () => {
    const requests = answer({ code: 401, msg: 'expired' });
    await expect(visitorLogin('page')).rejects.toMatchObject({ kind: 'unauthorized' });
    expect(requests[0]!.headers.has('Authorization')).toBe(false);
    expect(events).toEqual([]);
  });

  it('on the app client sends the stored token and ends the session on a 401', async () => {
    const requests = answer({ code: 401, msg: 'expired' });
    await expect(visitorLogin('app')).rejects.toMatchObject({ kind: 'unauthorized' });
    expect(requests[0]!.headers.get('Authorization')).toBe('Bearer stored-token');
    expect(events).toEqual([{ type: 'session.expired' }]);
  });

  it('rejects an answer without a token, silently', async () => {
    answer({ code: 200, msg: '', data: null });
    await expect(visitorLogin('app')).rejects.toBe(MISSING_VISITOR_TOKEN);
    expect(events).toEqual([]);
  });
});
