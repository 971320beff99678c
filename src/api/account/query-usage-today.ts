// POST /expense/account/queryUsageToday (accountQueryUsageToday, a path Parley chose) — today's live
// and upload time used and left against the tier's daily caps, with the time zone whose midnight
// starts the caps' day. Silent: the avatar menu and the personal centre show a failure in place.
import { fromPromise } from 'xstate';
import { unwrap } from '../errors';
import { api } from '../instance';
import type { components } from '../schema';

export type UsageToday = components['schemas']['UsageToday'];

export async function queryUsageToday(signal?: AbortSignal): Promise<UsageToday | null> {
  const result = await api.call((client, s) => client.POST('/expense/account/queryUsageToday', { body: {}, signal: s }), { silent: true, ...(signal ? { signal } : {}) });
  return unwrap(result) ?? null;
}

export const queryUsageTodayActor = fromPromise<UsageToday | null>(({ signal }) => queryUsageToday(signal));
