// A fetch double for the api tests: records every request, answers through a handler and, like the
// real fetch, rejects with the signal's reason when the request is aborted while pending.
import { vi } from 'vitest';

export type FakeAnswer = Response | 'hang' | Error;

export interface FakeFetch {
  fetch: (request: Request) => Promise<Response>;
  requests: Request[];
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export function fakeFetch(answer: (request: Request) => FakeAnswer | Promise<FakeAnswer>): FakeFetch {
  const requests: Request[] = [];
  return {
    requests,
    fetch: (request) => {
      requests.push(request);
      return new Promise<Response>((resolve, reject) => {
        const { signal } = request;
        const onAbort = () => reject(signal.reason ?? new DOMException('aborted', 'AbortError'));
        if (signal.aborted) return onAbort();
        signal.addEventListener('abort', onAbort, { once: true });
        Promise.resolve(answer(request)).then((result) => {
          if (result === 'hang') return;
          signal.removeEventListener('abort', onAbort);
          if (result instanceof Error) reject(result);
          else resolve(result);
        }, reject);
      });
    },
  };
}

/** Installs a fetch double as the global fetch (undone by vi.unstubAllGlobals) and returns its requests. */
export function answering(answer: (request: Request) => FakeAnswer | Promise<FakeAnswer>): Request[] {
  const fake = fakeFetch(answer);
  vi.stubGlobal('fetch', fake.fetch);
  return fake.requests;
}
