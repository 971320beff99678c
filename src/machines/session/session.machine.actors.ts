import { fromPromise } from 'xstate';
import { api } from '../../api/instance';
import type { AccountDetail, AccountPermissions, UserInfo } from './session.machine.types';

// The real side effects of the session machine; tests replace them with machine.provide.

export const fetchUserInfo = fromPromise<UserInfo | null, { token: string }>(async ({ signal }) => {
  const result = await api.call<UserInfo | null>(
    (client, callSignal) => client.GET('/system/getClientInfo', { signal: callSignal }),
    { signal },
  );
  if (!result.ok) throw result.error;
  return result.data ?? null;
});

export const fetchAccountDetail = fromPromise<AccountDetail | null, { userId: string }>(
  async ({ input, signal }) => {
    const result = await api.call<AccountDetail | null>(
      (client, callSignal) =>
        client.POST('/expense/account/queryAccountDetail', { body: { id: input.userId }, signal: callSignal }),
      { signal },
    );
    if (!result.ok) throw result.error;
    return result.data ?? null;
  },
);

export const fetchPermissions = fromPromise<AccountPermissions | null, void>(async ({ signal }) => {
  const result = await api.call<AccountPermissions | null>(
    (client, callSignal) => client.POST('/expense/account/queryUserFunctionJudge', { body: {}, signal: callSignal }),
    { signal },
  );
  if (!result.ok) throw result.error;
  return result.data ?? null;
});

// Logout must reach the server while the token is still stored, so the bearer header carries it.
export const revokeToken = fromPromise<void, void>(async () => {
  await api.call<unknown>((client, callSignal) => client.POST('/auth/logout', { signal: callSignal }), {
    silent: true,
  });
});
