// Page-side wiring of the live socket: the address with a token, a per-tab client id, and a
// mailbox that holds messages sent before the socket actor subscribes (the start control).
import { Observable } from 'rxjs';
import { meetingSocketUrl } from '../../streams/socket$';
import { readStoredLocale, readToken, writeToken } from '../../shared/session-storage';
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

export function socketUrlFor(meetingId: string): string {
  return meetingSocketUrl(window.location.origin, meetingId, readToken(), liveClientId(), readStoredLocale() ?? undefined);
}

/** Signed-out participants join with a visitor token (the share pages are public). */
export async function ensureToken(): Promise<string | null> {
  const token = readToken();
  if (token) return token;
  // The app client: a participant's failure is any call's failure (see VisitorLoginPolicy).
  const visitorToken = await visitorLogin('app').catch(() => null);
  if (visitorToken) writeToken(visitorToken);
  return visitorToken;
}

export interface Mailbox<T> {
  post(message: T): void;
  messages$: Observable<T>;
}

/** Like a Subject, but what is posted before anyone listens waits for the first listener. */
export function createMailbox<T>(): Mailbox<T> {
  const waiting: T[] = [];
  const listeners = new Set<(message: T) => void>();
  return {
    post(message) {
      if (listeners.size === 0) waiting.push(message);
      else listeners.forEach((listener) => listener(message));
    },
    messages$: new Observable<T>((subscriber) => {
      const listener = (message: T) => subscriber.next(message);
      listeners.add(listener);
      waiting.splice(0).forEach(listener);
      return () => listeners.delete(listener);
    }),
  };
}
