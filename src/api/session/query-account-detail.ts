// POST /expense/account/queryAccountDetail (accountQueryAccountDetail) — the user's packages and
// balances. Checked.
import { fromPromise } from 'xstate';
import { unwrap } from '../errors';
import { api } from '../instance';

export async function fetchAccountDetail(userId: string, signal?: AbortSignal) {
  return (
    unwrap(
      await api.call((client, s) => client.POST('/expense/account/queryAccountDetail', { body: { id: userId }, signal: s }), signal ? { signal } : {}),
    ) ?? null
  );
}

export const fetchAccountDetailActor = fromPromise(({ input, signal }: { input: { userId: string }; signal: AbortSignal }) =>
  fetchAccountDetail(input.userId, signal),
);
