// The real auth calls behind the login, register and reset-password machines' actors. Calls are
// silent (no toast) because the forms show the server's message inline, next to the button.
import type { ApiResult } from '../../api/client';
import { api } from '../../api/instance';
import type { AuthCallResult } from './authForm';
import { UNEXPECTED_ERROR_KEY } from './authForm';

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

export async function signInWithPassword(body: { username: string; password: string }, signal?: AbortSignal) {
  const result = await api.call((client, s) => client.POST('/auth/c/doLogin', { body, signal: s }), { silent: true, signal });
  return requireToken(toAuthResult(result));
}

export async function signInWithCode(
  body: { username: string; code: string; password?: string },
  signal?: AbortSignal,
) {
  const result = await api.call((client, s) => client.POST('/auth/c/doLoginByValidCode', { body, signal: s }), {
    silent: true,
    signal,
  });
  return requireToken(toAuthResult(result));
}

export async function signInAsVisitor(signal?: AbortSignal) {
  const result = await api.call((client, s) => client.POST('/auth/visitorlogin', { body: {}, signal: s }), {
    silent: true,
    signal,
  });
  return requireToken(toAuthResult(result));
}

export async function resetPassword(body: { username: string; code: string; password: string }, signal?: AbortSignal) {
  const result = await api.call((client, s) => client.POST('/auth/c/resetPwd', { body, signal: s }), { silent: true, signal });
  return toAuthResult(result);
}

export type SocialProvider = 'wechat' | 'google';

/** Asks the server where social sign-in starts; an unconfigured provider answers with its reason. */
export async function startSocialSignIn(provider: SocialProvider, signal?: AbortSignal) {
  const result =
    provider === 'google'
      ? await api.call((client, s) => client.GET('/auth/render/google', { signal: s }), { silent: true, signal })
      : await api.call((client, s) => client.GET('/auth/getQrCode', { signal: s }), { silent: true, signal });
  const answer = toAuthResult(result);
  if (answer.ok && !answer.url) return { ok: false, messageKey: UNEXPECTED_ERROR_KEY } satisfies AuthCallResult;
  return answer;
}

export async function signInWithGoogleCode(body: { code: string; state?: string }, signal?: AbortSignal) {
  const result = await api.call((client, s) => client.POST('/auth/googleRegisterWithLogin', { body, signal: s }), {
    silent: true,
    signal,
  });
  return requireToken(toAuthResult(result));
}
