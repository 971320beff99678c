// GET /auth/getQrCode (authGetQrCode) — for binding: the WeChat authorize address to show as a QR
// code, with the state the scan is asked about later (get-open-id.ts). Silent: the WeChat row shows
// an unconfigured server's reason. Rejects with the ApiError.
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

export const startWechatScanActor = fromPromise<WechatScanStart, void>(({ signal }) => startWechatScan(signal));
