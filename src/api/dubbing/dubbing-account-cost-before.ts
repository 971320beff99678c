// POST /expense/cost/dubbingAccountCostBefore (purchaseDubbingAccountCostBefore) — whether the
// dubbing balance covers the videos before they are submitted. Checked; an entitlement refusal
// keeps its catalogue code so the caller can open the purchase dialog.
import { api } from '../instance';
import type { operations } from '../schema';

export type DubCostBody = operations['purchaseDubbingAccountCostBefore']['requestBody']['content']['application/json'];

export function dubbingAccountCostBefore(body: DubCostBody, signal?: AbortSignal) {
  return api.call((client, s) => client.POST('/expense/cost/dubbingAccountCostBefore', { body, signal: s }), {
    entitlementMessage: 'server',
    ...(signal ? { signal } : {}),
  });
}
