// The error catalogue of both spec documents (platform §8, features §8) as one pure function:
// what a finished call means for the caller (an ApiResult) and for the app (events: toasts,
// session expiry, the purchase dialog). Nothing here throws or touches the DOM.
import { TOAST_DURATION_MS } from '../shared/contract/limits';
import { ENTITLEMENT_PURCHASE_TAB } from '../shared/contract/purchase-tabs';
import { RequestTimeoutError } from './middleware/timeout';
import { SUCCESS_CODE, readEnvelope } from './middleware/envelope';
import type { ApiError, ApiEvent, ApiResult } from './types';

export const UNAUTHORIZED_CODE = 401;
/** Returned to the caller without a toast (the caller decides what it means). */
export const QUIET_RESULT_CODE = 9250747;
export const ENTITLEMENT_MESSAGE_KEYS: Readonly<Record<number, string>> = {
  92505000: 'api:insufficientBalance',
  92505001: 'api:quotaExhausted',
  92505003: 'api:noBenefit',
};

export type CallOutcome =
  | { kind: 'response'; status: number; body: unknown }
  | { kind: 'thrown'; error: unknown; cancelledByCaller: boolean };

export interface CatalogueOptions {
  /** Unchecked calls: no toast of any kind, and no purchase dialog; 401 still ends the session. */
  silent?: boolean;
  /** Where the spec shows the server's own text for 92505xxx (the transcribe-write call). */
  entitlementMessage?: 'translated' | 'server';
}

export interface CatalogueVerdict<T> {
  result: ApiResult<T>;
  events: ApiEvent[];
}

function errorToast(error: ApiError): ApiEvent {
  return error.message
    ? { type: 'toast', level: 'error', message: error.message, durationMs: TOAST_DURATION_MS }
    : {
        type: 'toast',
        level: 'error',
        messageKey: error.messageKey ?? 'api:error',
        ...(error.messageParams ? { messageParams: error.messageParams } : {}),
        durationMs: TOAST_DURATION_MS,
      };
}

function failure<T>(error: ApiError, events: ApiEvent[]): CatalogueVerdict<T> {
  return { result: { ok: false, error }, events };
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

export function applyCatalogue<T>(outcome: CallOutcome, options: CatalogueOptions = {}): CatalogueVerdict<T> {
  const silent = options.silent === true;

  if (outcome.kind === 'thrown') {
    const { error } = outcome;
    if (error instanceof RequestTimeoutError) {
      const timeout: ApiError = { kind: 'timeout', messageKey: 'api:timeout' };
      return failure(timeout, silent ? [] : [errorToast(timeout)]);
    }
    if (outcome.cancelledByCaller || isAbort(error)) return failure({ kind: 'cancelled' }, []);
    const network: ApiError = { kind: 'transport', messageKey: 'api:networkError' };
    return failure(network, silent ? [] : [errorToast(network)]);
  }

  const { status, body } = outcome;
  const envelope = readEnvelope(body);

  if (envelope?.code === UNAUTHORIZED_CODE || status === UNAUTHORIZED_CODE) {
    return failure(
      { kind: 'unauthorized', code: UNAUTHORIZED_CODE, status, ...(envelope?.msg ? { message: envelope.msg } : {}) },
      [{ type: 'session.expired' }],
    );
  }

  if (!envelope) {
    if (status >= 200 && status < 300) {
      // Blob and text answers (exports, synthesis) carry no envelope; the status is the verdict.
      return { result: { ok: true, data: body as T, code: SUCCESS_CODE, msg: '' }, events: [] };
    }
    const failed: ApiError = {
      kind: 'transport',
      status,
      messageKey: 'api:requestFailed',
      messageParams: { status },
    };
    return failure(failed, silent ? [] : [errorToast(failed)]);
  }

  const { code, msg, data } = envelope;
  if (code === SUCCESS_CODE) {
    return { result: { ok: true, data: data as T, code, msg }, events: [] };
  }

  if (code === QUIET_RESULT_CODE) {
    return failure({ kind: 'business', code, status, data, ...(msg ? { message: msg } : {}) }, []);
  }

  const entitlementKey = ENTITLEMENT_MESSAGE_KEYS[code];
  if (entitlementKey) {
    const error: ApiError = { kind: 'entitlement', code, status, messageKey: entitlementKey, data, ...(msg ? { message: msg } : {}) };
    if (silent) return failure(error, []);
    const useServerText = options.entitlementMessage === 'server' && msg !== '';
    const warning: ApiEvent = useServerText
      ? { type: 'toast', level: 'warning', message: msg, durationMs: TOAST_DURATION_MS }
      : { type: 'toast', level: 'warning', messageKey: entitlementKey, durationMs: TOAST_DURATION_MS };
    return failure(error, [warning, { type: 'purchase.open', tab: ENTITLEMENT_PURCHASE_TAB }]);
  }

  const business: ApiError = {
    kind: 'business',
    code,
    status,
    data,
    ...(msg ? { message: msg } : { messageKey: 'api:error' }),
  };
  return failure(business, silent ? [] : [errorToast(business)]);
}
