// POST /auth/c/resetPwd (sessionResetPwd) — a new password with a verification code. Silent.
import { api } from '../instance';
import { toAuthResult } from './auth-answer';

export async function resetPassword(body: { username: string; code: string; password: string }, signal?: AbortSignal) {
  const result = await api.call((client, s) => client.POST('/auth/c/resetPwd', { body, signal: s }), { silent: true, ...(signal ? { signal } : {}) });
  return toAuthResult(result);
}
