// POST /system/user/deleteAccount (accountDeleteAccount, a path Parley chose) — deletes the account,
// confirmed by its password or, for an account without one, a sign-in code sent to its address.
// Silent: the confirmation dialog shows the refusal itself. Rejects with the ApiError.
import { fromPromise } from 'xstate';
import { unwrap } from '../errors';
import { api } from '../instance';

export interface DeletionProof {
  password?: string;
  code?: string;
}

export async function deleteAccount(proof: DeletionProof, signal?: AbortSignal): Promise<void> {
  unwrap(await api.call((client, s) => client.POST('/system/user/deleteAccount', { body: proof, signal: s }), { silent: true, ...(signal ? { signal } : {}) }));
}

export const deleteAccountActor = fromPromise<void, DeletionProof>(({ input, signal }) => deleteAccount(input, signal));
