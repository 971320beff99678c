// GET /system/getClient (systemGetClient) — the user's profile; here whether their QR code is
// shared. Checked: the api layer toasts the server's message.
import { fromPromise } from 'xstate';
import { unwrap } from '../errors';
import { api } from '../instance';

export async function fetchShareStatus(userId: string): Promise<boolean> {
  const profile = unwrap(await api.call((client, signal) => client.GET('/system/getClient', { params: { query: { userId } }, signal })));
  return profile?.shareStatus === '1';
}

export const fetchShareStatusActor = fromPromise<boolean, { userId: string }>(({ input }) => fetchShareStatus(input.userId));
