// A client detached from the app: its events go nowhere, so a failure reaches only its caller (no
// toast, no session expiry, no trip to /login). The public share page reads with it: a signed-out
// reader holds a visitor token only in memory, and a stale stored sign-in must fall back to a
// visitor read instead of ending the reader's session.
import { DEFAULT_LOCALE } from '../shared/contract/limits';
import { readStoredLocale, readToken } from '../shared/session-storage';
import { createApi, type Api } from './client';

export interface PageClientOptions {
  /** A visitor token held by the page (sent when no stored token is used). */
  visitorToken: string | null;
  /** Send the stored sign-in first (a signed-in reader, or the owner). */
  useStoredToken: boolean;
}

export function createPageApi({ visitorToken, useStoredToken }: PageClientOptions): Api {
  return createApi({
    getToken: () => (useStoredToken ? readToken() : null) ?? visitorToken,
    getLocale: () => readStoredLocale() ?? DEFAULT_LOCALE,
  });
}
