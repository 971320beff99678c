// GET /expense/package/queryRightsPictureUrl (purchaseQueryRightsPictureUrl) — the equity comparison
// picture of the purchase dialog. Silent: the dialog has its own comparison table to fall back on.
import { api } from '../instance';

export async function queryRightsPictureUrl(signal?: AbortSignal): Promise<string | null> {
  const result = await api.call((client, s) => client.GET('/expense/package/queryRightsPictureUrl', { signal: s }), {
    silent: true,
    ...(signal ? { signal } : {}),
  });
  return result.ok ? (result.data?.url ?? null) : null;
}
