// The live socket's address and the token it needs: a per-tab client id, the stored token and
// locale, and a visitor token for signed-out participants (the share and cast pages are public).
// Machines use these inside their actors; routes never open the socket themselves.
import { fromPromise } from 'xstate';
import { readStoredLocale, readToken, writeToken } from '../../shared/session-storage';
import { meetingSocketUrl } from '../../streams/socket$';
import { visitorLogin } from '../../api/shared/visitor-login';

const CLIENT_ID_KEY = 'parley.liveClientId';

/** Stable per tab, so a reload is a reconnect of the same client rather than a new participant. */
export function liveClientId(): string {
  try {
    const existing = sessionStorage.getItem(CLIENT_ID_KEY);
    if (existing) return existing;
    const id = crypto.randomUUID();
    sessionStorage.setItem(CLIENT_ID_KEY, id);
    return id;
  } catch {
    return crypto.randomUUID();
  }
}

/** `name`: a participant's display name for the host's list; `invite`: the invitation code they joined
 *  with; `screen`: a projection screen's cast code. */
export function socketUrlFor(
  meetingId: string,
  origin: string = window.location.origin,
  options: { name?: string; invite?: string; screen?: string } = {},
): string {
  const { name, ...via } = options;
  return meetingSocketUrl(origin, meetingId, readToken(), liveClientId(), readStoredLocale() ?? undefined, name, via);
}

/** The stored token, or a fresh visitor token (stored); null when none could be had. */
export async function ensureToken(login: typeof visitorLogin = visitorLogin): Promise<string | null> {
  const token = readToken();
  if (token) return token;
  const fresh = await login('app').catch(() => null);
  if (fresh) writeToken(fresh);
  return fresh ?? null;
}

/** The actor the public meeting pages invoke before they call or connect. Never fails: without a
 *  token the page goes on, and the server answers what a visitor may not see. */
export const visitorTokenActor = fromPromise<string | null>(() => ensureToken().catch(() => null));
