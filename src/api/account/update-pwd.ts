// PUT /system/updatePwd (systemUpdatePwd) — changes the password; the server signs out every other
// session. Silent: the change-password form shows the refusal itself. Rejects with the ApiError.
import { fromPromise } from 'xstate';
import { unwrap } from '../errors';
import { api } from '../instance';

export interface PasswordChangeInput {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export async function updatePassword(body: PasswordChangeInput, signal?: AbortSignal): Promise<void> {
  unwrap(await api.call((client, s) => client.PUT('/system/updatePwd', { body, signal: s }), { silent: true, ...(signal ? { signal } : {}) }));
}

export const updatePasswordActor = fromPromise<void, PasswordChangeInput>(({ input, signal }) => updatePassword(input, signal));
