// POST /auth/visitorlogin — a visitor token for someone who is not signed in. Three areas ask for
// one: the login form (session), the record share page (records) and the meeting pages (meetings).
import { fromPromise } from 'xstate';
import type { ApiCaller } from '../client';
import { unwrap } from '../errors';
import { api, unreachableClientResult } from '../instance';
import type { ApiError, ApiResult } from '../types';

/**
 * Which client asks, i.e. who hears about a failure. The policies genuinely differ:
 * - 'app': the app-wide client. The login form and the meeting pages want what every call gets —
 *   a 401 ends the session through the app's events.
 * - 'page': a client detached from the app that sends no stored token. The record share page shows
 *   its own failures and must never send a reader to /login (see page-client.ts).
 * Both are silent: every caller reports a failure itself.
 */
export type VisitorLoginPolicy = 'app' | 'page';

// The page client loads only when a page asks for it: the login form, on the sign-in page's first
// paint, uses the app client.
async function clientFor(policy: VisitorLoginPolicy): Promise<ApiCaller | null> {
  if (policy === 'app') return api;
  try {
    const { createPageApi } = await import('../page-client');
    return createPageApi({ visitorToken: null, useStoredToken: false });
  } catch {
    return null;
  }
}

/** The answer as it came (the login form reads the server's message from a failure). */
export async function requestVisitorLogin(policy: VisitorLoginPolicy, signal?: AbortSignal) {
  const options = { silent: true, ...(signal ? { signal } : {}) };
  const client = await clientFor(policy);
  if (!client) return unreachableClientResult<{ token?: string } | null>(options);
  return client.call((raw, s) => raw.POST('/auth/visitorlogin', { body: {}, signal: s }), options);
}

/** An answer without a token is no sign-in; it rejects like a refusal with no message of its own. */
export const MISSING_VISITOR_TOKEN: ApiError = { kind: 'business' };

export function tokenOf(result: ApiResult<{ token?: string } | null>): string {
  const token = unwrap(result)?.token;
  if (!token) throw MISSING_VISITOR_TOKEN;
  return token;
}

/** The visitor token; rejects with the ApiError (or MISSING_VISITOR_TOKEN). */
export async function visitorLogin(policy: VisitorLoginPolicy, signal?: AbortSignal): Promise<string> {
  return tokenOf(await requestVisitorLogin(policy, signal));
}

export const visitorLoginActor = fromPromise<string, { policy: VisitorLoginPolicy }>(({ input, signal }) =>
  visitorLogin(input.policy, signal),
);
