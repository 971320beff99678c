// The app-wide client. Routes and machine actors import it; UI components never do.
// The client itself (openapi-fetch, the middleware, the error catalogue) loads with the first call:
// no page needs it to paint, and the sign-in page's first call is the user's own submit. Its events
// stream exists from the start, so the root can listen before any call is made.
import { Subject } from 'rxjs';
import { DEFAULT_LOCALE, TOAST_DURATION_MS } from '../shared/contract/limits';
import { readStoredLocale, readToken } from '../shared/session-storage';
import type { Api, ApiCaller, CallOptions, RawCall } from './client';
import type { ApiError, ApiEvent, ApiResult, EnvelopeData, RawAnswer } from './types';

const events = new Subject<ApiEvent>();
let loading: Promise<Api> | null = null;

function appClient(): Promise<Api> {
  loading ??= import('./client').then(
    ({ createApi }) => {
      const client = createApi({ getToken: readToken, getLocale: () => readStoredLocale() ?? DEFAULT_LOCALE });
      client.events$.subscribe((event) => events.next(event));
      return client;
    },
    (error: unknown) => {
      loading = null; // the next call tries to load it again
      throw error;
    },
  );
  return loading;
}

/**
 * A client that could not be loaded answers like a call that could not reach the server (the error
 * catalogue's network failure: instance.test.ts holds the two alike), so callers never see a throw.
 */
export function unreachableClientResult<T>(options: CallOptions = {}): ApiResult<T> {
  if (options.signal?.aborted) return { ok: false, error: { kind: 'cancelled' } };
  const error: ApiError = { kind: 'transport', messageKey: 'api:networkError' };
  if (!options.silent) {
    events.next({ type: 'toast', level: 'error', messageKey: 'api:networkError', durationMs: TOAST_DURATION_MS });
  }
  return { ok: false, error };
}

export const api: ApiCaller & Pick<Api, 'events$'> = {
  events$: events.asObservable(),
  call<R extends RawAnswer>(run: RawCall<R>, options?: CallOptions): Promise<ApiResult<EnvelopeData<R>>> {
    return appClient().then(
      (client) => client.call(run, options),
      () => unreachableClientResult<EnvelopeData<R>>(options),
    );
  },
};
