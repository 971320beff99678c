// POST /auth/googleRegisterWithLogin (authGoogleRegisterWithLogin) — finishes Google sign-in with
// the code Google sent back. Silent (auth-answer.ts).
import { api } from '../instance';
import { requireToken, toAuthResult } from './auth-answer';

export async function signInWithGoogleCode(body: { code: string; state?: string }, signal?: AbortSignal) {
  const result = await api.call((client, s) => client.POST('/auth/googleRegisterWithLogin', { body, signal: s }), {
    silent: true,
    ...(signal ? { signal } : {}),
  });
  return requireToken(toAuthResult(result));
}
