// GET /system/getClientInfo (systemGetClientInfo) — who the stored token belongs to. Checked.
import { fromPromise } from 'xstate';
import { unwrap } from '../errors';
import { api } from '../instance';

export async function fetchUserInfo(signal?: AbortSignal) {
  return unwrap(await api.call((client, s) => client.GET('/system/getClientInfo', { signal: s }), signal ? { signal } : {})) ?? null;
}

export const fetchUserInfoActor = fromPromise(({ signal }: { input: { token: string }; signal: AbortSignal }) => fetchUserInfo(signal));
