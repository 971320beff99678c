// What an auth call means for a sign-in form. The auth calls are silent (no toast) because the
// forms show the server's message inline, next to the button.
import type { ApiResult } from '../types';

/**
 * A form's view of an auth call: a token and/or an address on success; on failure the server's
 * message (already translated by the server) or an i18n key (transport errors, our own fallbacks).
 */
export type AuthCallResult =
  | { ok: true; token?: string; url?: string }
  | { ok: false; message?: string; messageKey?: string; messageParams?: Record<string, string | number> };

export const UNEXPECTED_ERROR_KEY = 'auth:errors.unexpected';

export function toAuthResult(result: ApiResult<unknown>): AuthCallResult {
  if (!result.ok) {
    const { message, messageKey, messageParams } = result.error;
    if (message === undefined && messageKey === undefined) return { ok: false, messageKey: UNEXPECTED_ERROR_KEY };
    return { ok: false, message, messageKey, messageParams };
  }
  const data = result.data;
  if (typeof data === 'string') return { ok: true, url: data };
  if (data === null || typeof data !== 'object') return { ok: true };
  const record = data as Record<string, unknown>;
  const token = typeof record.token === 'string' ? record.token : undefined;
  const urlField = record.url ?? record.authorizeUrl ?? record.qrCodeUrl;
  const url = typeof urlField === 'string' ? urlField : undefined;
  return { ok: true, token, url };
}

/** A successful answer that should carry a token but does not is a failure for a sign-in form. */
export function requireToken(result: AuthCallResult): AuthCallResult {
  if (result.ok && !result.token) return { ok: false, messageKey: UNEXPECTED_ERROR_KEY };
  return result;
}
