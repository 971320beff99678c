// Issue 27: /meeting asks for its language catalogue when the page's code runs; the setup machine's
// first load takes that read instead of asking again, and a later load (another setup) reads afresh.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import '../../api/test-relative-request';
import { fakeFetch, json } from '../../api/test-fetch';
import { clearToken, writeToken } from '../../shared/session-storage';
import { meetingSetupMachine, prefetchMeetingLanguages, selectRecognitionUnavailable } from './meetingSetup.machine';

const CATALOGUE = {
  transcribeLanguage: [
    { code: 'en-US', available: true },
    { code: 'zh-CN', available: false, setting: 'ASR_URL', unavailableReason: 'no engine' },
  ],
  translation: [{ code: 'es-ES', available: true, sources: ['en-US'] }],
};

function catalogueServer() {
  let answered = 0;
  const fake = fakeFetch((request) => {
    if (!new URL(request.url, 'http://localhost').pathname.endsWith('/speech/audio/selectLanguage')) return json({ code: 404, msg: 'unexpected' });
    answered += 1;
    return json({ code: 200, msg: 'ok', data: CATALOGUE });
  });
  vi.stubGlobal('fetch', fake.fetch);
  return { requests: fake.requests, answered: () => answered };
}

afterEach(() => {
  vi.unstubAllGlobals();
  clearToken();
});

describe('the meeting catalogue read started with the page', () => {
  it('is taken by the first setup (one request, started before it), and a second setup reads again', async () => {
    writeToken('t0k3n');
    const server = catalogueServer();
    prefetchMeetingLanguages();
    prefetchMeetingLanguages(); // idempotent until taken
    await vi.waitFor(() => expect(server.requests).toHaveLength(1), { timeout: 5000 });

    const first = createActor(meetingSetupMachine, { input: {} }).start();
    await waitFor(first, (snapshot) => snapshot.matches('editing'));
    expect(server.requests).toHaveLength(1);
    expect(first.getSnapshot().context.fallback).toBe(false);
    expect(Object.keys(selectRecognitionUnavailable(first.getSnapshot()))).toEqual(['zh-CN']);

    const second = createActor(meetingSetupMachine, { input: {} }).start();
    await waitFor(second, (snapshot) => snapshot.matches('editing'));
    expect(server.requests).toHaveLength(2);
    expect(server.answered()).toBe(2);
  });

  // After the test above, so the client's code is loaded and a read would be on the wire at once.
  it('is not started without a session (the page sends the visitor to sign in)', async () => {
    const server = catalogueServer();
    prefetchMeetingLanguages();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.requests).toHaveLength(0);
  });
});
