// POST /auth/googleRegisterWithLogin (sessionGoogleRegisterWithLogin) — finishes Google sign-in with
// the code Google sent back (and its `iss`, RFC 9207). Silent (auth-answer.ts). The answer names the
// redirect the sign-in started with.
import { api } from '../instance';
import { requireToken, toAuthResult, type AuthCallResult } from './auth-answer';

export async function signInWithGoogleCode(
  body: { code: string; state?: string; iss?: string },
  signal?: AbortSignal,
): Promise<AuthCallResult & { redirect?: string }> {
  const result = await api.call((client, s) => client.POST('/auth/googleRegisterWithLogin', { body, signal: s }), {
    silent: true,
    ...(signal ? { signal } : {}),
  });
  const answer = requireToken(toAuthResult(result));
  const redirect = result.ok ? result.data?.redirect : undefined;
  return answer.ok && redirect ? { ...answer, redirect } : answer;
}
