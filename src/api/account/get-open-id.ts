// GET /auth/getOpenId (authGetOpenId) — for binding: asked with the state of the QR code shown
// (get-qr-code.ts) until the scan has produced WeChat's authorization code. Silent. Rejects with
// the ApiError.
import { fromPromise } from 'xstate';
import { unwrap } from '../errors';
import { api } from '../instance';

/** The authorization code of a finished scan, or null while the user has not scanned yet. */
export async function pollWechatScan(state: string, signal?: AbortSignal): Promise<string | null> {
  const data = unwrap(
    await api.call((client, s) => client.GET('/auth/getOpenId', { params: { query: { code: state } }, signal: s }), { silent: true, ...(signal ? { signal } : {}) }),
  ) as { code?: unknown } | null;
  return typeof data?.code === 'string' && data.code ? data.code : null;
}

export const pollWechatScanActor = fromPromise<string | null, { state: string; ask?: number }>(({ input, signal }) => pollWechatScan(input.state, signal));
