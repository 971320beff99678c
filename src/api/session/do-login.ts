// POST /auth/c/doLogin (sessionDoLogin) — sign-in with username and password. Silent (auth-answer.ts).
import { api } from '../instance';
import { requireToken, toAuthResult } from './auth-answer';

export async function signInWithPassword(body: { username: string; password: string }, signal?: AbortSignal) {
  const result = await api.call((client, s) => client.POST('/auth/c/doLogin', { body, signal: s }), { silent: true, ...(signal ? { signal } : {}) });
  return requireToken(toAuthResult(result));
}
