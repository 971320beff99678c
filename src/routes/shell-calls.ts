import { api } from '../api/instance';
import type { ApiResult } from '../api/client';

// Calls the shell's header dialogs make. Kept out of src/ui so components stay props-in, events-out.

/** platform §8: the voucher answer's msg is shown by the caller (success check off), so the call is silent. */
export function exchangeVoucher(cardPasswordCode: string): Promise<ApiResult<unknown>> {
  return api.call(
    (client, signal) =>
      client.POST('/expense/cardPassword/exchangeCardPassword/{cardPasswordCode}', {
        params: { path: { cardPasswordCode } },
        signal,
      }),
    { silent: true },
  );
}

export async function fetchShareStatus(userId: string): Promise<ApiResult<{ shareStatus?: '0' | '1' } | null>> {
  return api.call((client, signal) => client.GET('/system/getClient', { params: { query: { userId } }, signal }));
}

export function saveShareStatus(userId: string, shareStatus: '0' | '1'): Promise<ApiResult<unknown>> {
  return api.call((client, signal) =>
    client.POST('/system/client/user/edit', { body: { id: userId, shareStatus }, signal }),
  );
}
