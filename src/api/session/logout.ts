// POST /auth/logout (sessionLogout) — revokes the token on the server. Silent: signing out goes on
// whatever the server says. It must run while the token is still stored, so the bearer header
// carries it.
import { fromPromise } from 'xstate';
import { api } from '../instance';

export async function revokeToken(): Promise<void> {
  await api.call((client, signal) => client.POST('/auth/logout', { signal }), { silent: true });
}

export const revokeTokenActor = fromPromise<void, void>(() => revokeToken());
