// GET /auth/getQrCode?purpose=bind (sessionGetQrCode) — starts a WeChat bind request of the signed-in
// user: the Open Platform authorize address to show as a QR code, and the request's state that is
// polled (get-open-id.ts) and then bound (binding-other.ts). Silent: the WeChat row shows an
// unconfigured server's reason. Rejects with the ApiError.
import { fromPromise } from 'xstate';
import { unwrap } from '../errors';
import { api } from '../instance';

export interface WechatScanStart {
  url: string;
  state: string;
}

const NO_QR = { kind: 'business', messageKey: 'profile:wechatNoQr' } as const;

export async function startWechatScan(signal?: AbortSignal): Promise<WechatScanStart> {
  const query = { purpose: 'bind', channel: 'open' } as const;
  const data = unwrap(
    await api.call((client, s) => client.GET('/auth/getQrCode', { params: { query }, signal: s }), { silent: true, ...(signal ? { signal } : {}) }),
  );
  if (!data?.url || !data.state) throw NO_QR;
  return { url: data.url, state: data.state };
}

export const startWechatScanActor = fromPromise<WechatScanStart, void>(({ signal }) => startWechatScan(signal));
