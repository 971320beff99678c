// POST /expense/package/queryCommonPricePackage (purchaseQueryCommonPricePackage) — the purchase
// categories (SVIP, VIP, duration, dubbing) with their packages, in the order the tabs show them.
// Checked: a failure is toasted by the api layer and the pay flow offers a retry.
import { fromPromise } from 'xstate';
import { unwrap } from '../errors';
import { api } from '../instance';
import type { components } from '../schema';

export type PurchaseCategory = components['schemas']['PurchaseCategory'];
export type PurchasePackage = components['schemas']['Package'];
export type PaySource = components['schemas']['PaySource'];

export async function queryCommonPricePackage(source: PaySource, signal?: AbortSignal): Promise<PurchaseCategory[]> {
  const result = await api.call(
    (client, s) => client.POST('/expense/package/queryCommonPricePackage', { body: { source }, signal: s }),
    signal ? { signal } : {},
  );
  return unwrap(result) ?? [];
}

export const queryCommonPricePackageActor = fromPromise<PurchaseCategory[], { source: PaySource }>(({ input, signal }) =>
  queryCommonPricePackage(input.source, signal),
);
