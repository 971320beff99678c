// The WeChat scan that precedes bindingOther: GET /auth/getQrCode (authGetQrCode) gives the WeChat
// authorize address to show as a QR code with its state, and GET /auth/getOpenId (authGetOpenId)
// is asked with that state until the scan has produced an authorization code. Silent: the WeChat
// row shows an unconfigured server's reason. Both reject with the ApiError.
import { fromPromise } from 'xstate';
import { unwrap } from '../errors';
import { api } from '../instance';

export interface WechatScanStart {
  url: string;
  state: string;
}

const NO_QR = { kind: 'business', messageKey: 'profile:wechatNoQr' } as const;

export async function startWechatScan(signal?: AbortSignal): Promise<WechatScanStart> {
  const data = unwrap(
    await api.call((client, s) => client.GET('/auth/getQrCode', { signal: s }), { silent: true, ...(signal ? { signal } : {}) }),
  ) as { url?: unknown; state?: unknown } | string | null;
  const url = typeof data === 'string' ? data : typeof data?.url === 'string' ? data.url : '';
  if (!url) throw NO_QR;
  const fromUrl = /[?&#]state=([^&#]+)/.exec(url)?.[1];
  const state = typeof data === 'object' && typeof data?.state === 'string' ? data.state : fromUrl ? decodeURIComponent(fromUrl) : '';
  return { url, state };
}

/** The authorization code of a finished scan, or null while the user has not scanned yet. */
export async function pollWechatScan(state: string, signal?: AbortSignal): Promise<string | null> {
  const data = unwrap(
    await api.call((client, s) => client.GET('/auth/getOpenId', { params: { query: { code: state } }, signal: s }), { silent: true, ...(signal ? { signal } : {}) }),
  ) as { code?: unknown } | null;
  return typeof data?.code === 'string' && data.code ? data.code : null;
}

export const startWechatScanActor = fromPromise<WechatScanStart, void>(({ signal }) => startWechatScan(signal));
export const pollWechatScanActor = fromPromise<string | null, { state: string; ask?: number }>(({ input, signal }) => pollWechatScan(input.state, signal));
