// POST /expense/account/queryUsageSeries (accountQueryUsageSeries, a path Parley chose) — seconds
// used per day and kind over the last days, counted in the browser's time zone so the chart's days
// are the user's days. Checked.
import { fromPromise } from 'xstate';
import { unwrap } from '../errors';
import { api } from '../instance';
import type { components } from '../schema';

export type UsageDay = components['schemas']['UsageDay'];

export interface UsageSeriesRequest {
  days: number;
  timeZone: string | null;
}

export async function queryUsageSeries(request: UsageSeriesRequest, signal?: AbortSignal): Promise<UsageDay[]> {
  const body = { days: request.days, ...(request.timeZone ? { timeZone: request.timeZone } : {}) };
  const result = await api.call((client, s) => client.POST('/expense/account/queryUsageSeries', { body, signal: s }), signal ? { signal } : {});
  return unwrap(result)?.days ?? [];
}

export const queryUsageSeriesActor = fromPromise<UsageDay[], UsageSeriesRequest>(({ input, signal }) => queryUsageSeries(input, signal));
