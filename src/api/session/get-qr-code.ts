// GET /auth/getQrCode (authGetQrCode) — the WeChat sign-in QR address. Silent.
import { api } from '../instance';

export function requestWechatQrCode(signal?: AbortSignal) {
  return api.call((client, s) => client.GET('/auth/getQrCode', { signal: s }), { silent: true, ...(signal ? { signal } : {}) });
}
