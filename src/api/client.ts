// The typed client every machine actor uses. openapi-fetch does the HTTP and typing; the
// middleware adds credential, locale and time-outs; the error catalogue turns every outcome into a
// value plus app events. Nothing here throws into the caller.
import createClient, { type Client } from 'openapi-fetch';
import { Subject, type Observable } from 'rxjs';
import { LONG_REQUEST_TIMEOUT_MS, REQUEST_TIMEOUT_MS } from '../shared/contract/limits';
import type { paths } from './schema';
import { applyCatalogue, type CallOutcome } from './error-catalogue';
import type { ApiEvent, ApiResult, EnvelopeData, RawAnswer } from './types';
import { isLongCall } from './long-calls';
import { authMiddleware } from './middleware/auth';
import { envelopeMiddleware } from './middleware/envelope';
import { localeMiddleware } from './middleware/locale';
import { timeZoneMiddleware } from './middleware/time-zone';
import { timeoutMiddleware } from './middleware/timeout';

export const API_BASE_URL = '/prod-api';

export type { ApiError, ApiEvent, ApiResult, EnvelopeData, RawAnswer } from './types';

export interface ApiOptions {
  baseUrl?: string;
  getToken(): string | null;
  getLocale(): string;
  /** The user's IANA time zone (default: the browser's), sent as X-Time-Zone. */
  getTimeZone?(): string | null;
  fetch?: (input: Request) => Promise<Response>;
  /** Default time-out; calls listed in long-calls.ts get LONG_REQUEST_TIMEOUT_MS. */
  timeoutMs?: number;
}

export type ApiClient = Client<paths>;

export interface CallOptions {
  /** Unchecked call: no toast (the spec's "unchecked" calls). */
  silent?: boolean;
  /** Per-call time-out, overriding both the default and the long-call list. */
  timeoutMs?: number;
  /** Aborting it ends the call quietly with error kind 'cancelled'. */
  signal?: AbortSignal;
  /** Show the server's message instead of the translated one for 92505000/1/3. */
  entitlementMessage?: 'translated' | 'server';
}

/** One openapi-fetch call on the client it is handed; its answer type carries the contract's types. */
export type RawCall<R extends RawAnswer = RawAnswer> = (client: ApiClient, signal: AbortSignal) => Promise<R>;

export interface Api {
  client: ApiClient;
  events$: Observable<ApiEvent>;
  /**
   * Runs one call through the error catalogue. The success type is read from the call's own
   * answer (the generated `paths`), so a caller cannot claim a shape the contract does not give.
   */
  call<R extends RawAnswer>(run: RawCall<R>, opts?: CallOptions): Promise<ApiResult<EnvelopeData<R>>>;
}

/** What a call site needs of a client: the app-wide one (instance.ts) or a page's own. */
export type ApiCaller = Pick<Api, 'call'>;

export function createApi(options: ApiOptions): Api {
  const baseUrl = options.baseUrl ?? API_BASE_URL;
  // Resolved per call so a fetch installed later (tests, polyfills) is honoured and `this` is right.
  const fetchImpl = options.fetch ?? ((request: Request) => globalThis.fetch(request));
  const events = new Subject<ApiEvent>();
  const auth = authMiddleware(options.getToken);
  const locale = localeMiddleware(options.getLocale);
  const timeZone = timeZoneMiddleware(options.getTimeZone);
  const envelope = envelopeMiddleware();

  function buildClient(overrideMs?: number): ApiClient {
    const client = createClient<paths>({ baseUrl, fetch: fetchImpl });
    client.use(
      auth,
      locale,
      timeZone,
      timeoutMiddleware({
        defaultMs: options.timeoutMs ?? REQUEST_TIMEOUT_MS,
        longMs: LONG_REQUEST_TIMEOUT_MS,
        isLong: isLongCall,
        ...(overrideMs !== undefined ? { overrideMs } : {}),
      }),
      envelope,
    );
    return client;
  }

  const client = buildClient();

  async function call<R extends RawAnswer>(run: RawCall<R>, opts: CallOptions = {}): Promise<ApiResult<EnvelopeData<R>>> {
    const callerSignal = opts.signal;
    const controller = new AbortController();
    const forwardAbort = () => controller.abort(callerSignal?.reason);
    let outcome: CallOutcome;
    if (callerSignal?.aborted) {
      outcome = { kind: 'thrown', error: callerSignal.reason, cancelledByCaller: true };
    } else {
      callerSignal?.addEventListener('abort', forwardAbort, { once: true });
      try {
        // A per-call time-out needs its own middleware stack; the shared client serves the rest.
        const target = opts.timeoutMs !== undefined ? buildClient(opts.timeoutMs) : client;
        const { data, error, response } = await run(target, controller.signal);
        outcome = { kind: 'response', status: response.status, body: data ?? error };
      } catch (error) {
        outcome = { kind: 'thrown', error, cancelledByCaller: callerSignal?.aborted === true };
      } finally {
        callerSignal?.removeEventListener('abort', forwardAbort);
      }
    }
    const verdict = applyCatalogue<EnvelopeData<R>>(outcome, {
      ...(opts.silent !== undefined ? { silent: opts.silent } : {}),
      ...(opts.entitlementMessage !== undefined ? { entitlementMessage: opts.entitlementMessage } : {}),
    });
    for (const event of verdict.events) events.next(event);
    return verdict.result;
  }

  return { client, events$: events.asObservable(), call };
}
