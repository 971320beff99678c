// POST /auth/c/getValidCode (sessionGetValidCode) with scene bind — sends a code to the address the
// user is adding to their account. Silent: the binding form shows a failure itself. Rejects with
// the ApiError.
import { fromPromise } from 'xstate';
import { unwrap } from '../errors';
import { api } from '../instance';

export async function sendBindCode(username: string, signal?: AbortSignal) {
  const sent = unwrap(
    await api.call((client, s) => client.POST('/auth/c/getValidCode', { body: { username, scene: 'bind' }, signal: s }), { silent: true, ...(signal ? { signal } : {}) }),
  );
  return sent ?? {};
}

export const sendBindCodeActor = fromPromise(({ input, signal }: { input: { username: string }; signal: AbortSignal }) => sendBindCode(input.username, signal));
