// POST /auth/c/doLoginByValidCode (sessionDoLoginByValidCode) — sign-in (and sign-up) with a
// verification code, optionally setting a password. Silent (auth-answer.ts).
import { api } from '../instance';
import { requireToken, toAuthResult } from './auth-answer';

export interface CodeSignIn {
  username: string;
  code: string;
  password?: string;
}

export async function signInWithCode(body: CodeSignIn, signal?: AbortSignal) {
  const result = await api.call((client, s) => client.POST('/auth/c/doLoginByValidCode', { body, signal: s }), {
    silent: true,
    ...(signal ? { signal } : {}),
  });
  return requireToken(toAuthResult(result));
}
