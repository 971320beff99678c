// POST /system/client/user/edit (systemClientUserEdit) — here: turns sharing of the user's QR code
// on or off. Checked: the api layer toasts the server's message; the machine rolls the switch back.
import { fromPromise } from 'xstate';
import { unwrap } from '../errors';
import { api } from '../instance';

export async function saveShareStatus(userId: string, enabled: boolean): Promise<void> {
  const shareStatus = enabled ? '1' : '0';
  unwrap(await api.call((client, signal) => client.POST('/system/client/user/edit', { body: { id: userId, shareStatus }, signal })));
}

export const saveShareStatusActor = fromPromise<void, { userId: string; enabled: boolean }>(({ input }) =>
  saveShareStatus(input.userId, input.enabled),
);

/** The profile form's nickname and name (the server trims and checks them again). */
export async function saveProfile(input: { userId: string; nickname: string; name: string }, signal?: AbortSignal): Promise<void> {
  unwrap(
    await api.call(
      (client, s) => client.POST('/system/client/user/edit', { body: { id: input.userId, nickname: input.nickname, name: input.name }, signal: s }),
      { silent: true, ...(signal ? { signal } : {}) },
    ),
  );
}

export const saveProfileActor = fromPromise<void, { userId: string; nickname: string; name: string }>(({ input, signal }) => saveProfile(input, signal));
