// Failures of record and folder calls as context values: the server's translated message when it
// sent one, otherwise a message key. Display strings are never built here.
import type { ApiError } from './types';

export interface ErrorText {
  errorKey?: string | undefined;
  errorMessage?: string | undefined;
  errorCode?: number | undefined;
}

export function isApiError(error: unknown): error is ApiError {
  return typeof error === 'object' && error !== null && typeof (error as { kind?: unknown }).kind === 'string';
}

export function describeError(error: unknown, fallbackKey: string): ErrorText {
  if (!isApiError(error)) return { errorKey: fallbackKey, errorMessage: undefined, errorCode: undefined };
  const errorCode = error.code ?? error.status;
  if (error.message) return { errorMessage: error.message, errorKey: undefined, errorCode };
  return { errorKey: error.messageKey ?? fallbackKey, errorMessage: undefined, errorCode };
}

/** Rejects with the ApiError so machines keep the server's message and code. */
export function unwrap<T>(result: { ok: true; data: T } | { ok: false; error: ApiError }): T {
  if (!result.ok) throw result.error;
  return result.data;
}

/** A success without the thing the call exists to return: rejected like a refusal without text. */
export const MISSING_DATA: ApiError = { kind: 'business', messageKey: 'api:error' };

/**
 * For calls whose contract answer allows null because the same answer serves other calls (a
 * record edit answers with the shared RecordAnswer, whose data is null where no record exists).
 */
export function required<T>(data: T | null | undefined): T {
  if (data === null || data === undefined) throw MISSING_DATA;
  return data;
}
