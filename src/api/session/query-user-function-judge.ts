// POST /expense/account/queryUserFunctionJudge (accountQueryUserFunctionJudge) — which features
// the user's tier allows. Checked.
import { fromPromise } from 'xstate';
import { unwrap } from '../errors';
import { api } from '../instance';

export async function fetchPermissions(signal?: AbortSignal) {
  return unwrap(await api.call((client, s) => client.POST('/expense/account/queryUserFunctionJudge', { body: {}, signal: s }), signal ? { signal } : {})) ?? null;
}

export const fetchPermissionsActor = fromPromise(({ signal }: { input: void; signal: AbortSignal }) => fetchPermissions(signal));
