// The values the client hands back: results for the caller, events for the app. Kept apart from
// client.ts so the error catalogue can name them without importing the client (no cycle).
import type { PurchaseTab } from '../shared/contract/purchase-tabs';

export type ApiEvent =
  | {
      type: 'toast';
      level: 'error' | 'warning' | 'success';
      message?: string;
      messageKey?: string;
      /** Interpolation values for messageKey, e.g. { status: 502 } for api:requestFailed. */
      messageParams?: Record<string, string | number>;
      durationMs: number;
    }
  | { type: 'session.expired' }
  | { type: 'purchase.open'; tab: PurchaseTab };

export type ApiError = {
  kind: 'business' | 'unauthorized' | 'entitlement' | 'transport' | 'timeout' | 'cancelled';
  code?: number;
  message?: string;
  messageKey?: string;
  messageParams?: Record<string, string | number>;
  status?: number;
  /** The envelope's data on a non-200 code (9250747 callers read their result here). */
  data?: unknown;
};

export type ApiResult<T> = { ok: true; data: T; code: number; msg: string } | { ok: false; error: ApiError };

/** What an openapi-fetch call resolves to, reduced to the parts the client reads. */
export type RawAnswer = { data?: unknown; error?: unknown; response: Response };

/**
 * The success value of a raw answer, taken from the contract: the envelope's `data` when the body
 * is an envelope `{ code, msg, data }`, else the body itself (a file read with parseAs 'blob').
 * An optional `data` counts as present: the envelope middleware turns an absent one into null,
 * and an answer that may really carry none says `| null` in the contract.
 */
export type EnvelopeData<R> = R extends { data?: infer Body }
  ? [Body] extends [undefined]
    ? never
    : Exclude<Body, undefined> extends { code: number; data?: infer Data }
      ? Data
      : Exclude<Body, undefined>
  : never;
