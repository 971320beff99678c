// GET /auth/getOpenId?state= (sessionGetOpenId) — for binding: asked with the state of the bind request
// shown as a QR (get-qr-code.ts) until the server answers confirmed (the phone scanned and WeChat
// vouched for the account). Silent. Rejects with the ApiError; a request the server no longer knows
// (expired or used) is rejected with a translated key.
import { fromPromise } from 'xstate';
import { unwrap } from '../errors';
import { api } from '../instance';

export const WECHAT_SCAN_EXPIRED = { kind: 'business', messageKey: 'profile:wechatScanExpired' } as const;

/** True once the bind request is confirmed, false while the user has not scanned yet. */
export async function pollWechatScan(state: string, signal?: AbortSignal): Promise<boolean> {
  const data = unwrap(
    await api.call((client, s) => client.GET('/auth/getOpenId', { params: { query: { state } }, signal: s }), { silent: true, ...(signal ? { signal } : {}) }),
  );
  if (data?.status === 'confirmed') return true;
  if (data?.status === 'waiting') return false;
  // expired, or an answer that belongs to a sign-in request, never to a bind request.
  throw WECHAT_SCAN_EXPIRED;
}

export const pollWechatScanActor = fromPromise<boolean, { state: string; ask?: number }>(({ input, signal }) => pollWechatScan(input.state, signal));
