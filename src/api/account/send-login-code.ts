// POST /auth/c/getValidCode (sessionGetValidCode) with scene login — sends a sign-in code to the
// account's own address; deleting an account without a password is confirmed with it. Silent: the
// confirmation dialog shows a failure itself. Rejects with the ApiError.
import { fromPromise } from 'xstate';
import { unwrap } from '../errors';
import { api } from '../instance';

export async function sendLoginCode(username: string, signal?: AbortSignal): Promise<void> {
  unwrap(await api.call((client, s) => client.POST('/auth/c/getValidCode', { body: { username, scene: 'login' }, signal: s }), { silent: true, ...(signal ? { signal } : {}) }));
}

export const sendLoginCodeActor = fromPromise<void, { username: string }>(({ input, signal }) => sendLoginCode(input.username, signal));
