// POST /expense/package/queryMeetingPricePackage (purchaseQueryMeetingPricePackage) — the categories
// offered on a meeting's share and join pages. Checked.
import { fromPromise } from 'xstate';
import { unwrap } from '../errors';
import { api } from '../instance';
import type { PurchaseCategory } from './query-common-price-package';

export async function queryMeetingPricePackage(meetingId: string | null, signal?: AbortSignal): Promise<PurchaseCategory[]> {
  const result = await api.call(
    (client, s) => client.POST('/expense/package/queryMeetingPricePackage', { body: meetingId ? { meetingId } : {}, signal: s }),
    signal ? { signal } : {},
  );
  return unwrap(result) ?? [];
}

export const queryMeetingPricePackageActor = fromPromise<PurchaseCategory[], { meetingId: string | null }>(({ input, signal }) =>
  queryMeetingPricePackage(input.meetingId, signal),
);
