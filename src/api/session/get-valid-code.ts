// POST /auth/c/getValidCode (sessionGetValidCode) — sends a verification code by mail or SMS. Silent:
// the code button shows a failure itself. Rejects with the ApiError.
import { fromPromise } from 'xstate';
import { unwrap } from '../errors';
import { api } from '../instance';
import type { operations } from '../schema';

export type SendCodeInput = operations['sessionGetValidCode']['requestBody']['content']['application/json'];

export async function sendVerificationCode(body: SendCodeInput, signal?: AbortSignal) {
  const sent = unwrap(
    await api.call((client, s) => client.POST('/auth/c/getValidCode', { body, signal: s }), { silent: true, ...(signal ? { signal } : {}) }),
  );
  return sent ?? {};
}

export const sendVerificationCodeActor = fromPromise(({ input, signal }: { input: SendCodeInput; signal: AbortSignal }) =>
  sendVerificationCode(input, signal),
);
