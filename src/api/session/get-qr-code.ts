// GET /auth/getQrCode (sessionGetQrCode) — starts a WeChat request: the QR of the website authorize
// address (channel open) or the in-WeChat authorize address (channel mp). Silent.
import { api } from '../instance';

export interface WechatStartQuery {
  channel?: 'open' | 'mp';
  purpose?: 'login' | 'bind';
  source?: string;
  redirect?: string;
}

export function requestWechatQrCode(signal?: AbortSignal, query: WechatStartQuery = {}) {
  return api.call((client, s) => client.GET('/auth/getQrCode', { params: { query }, signal: s }), { silent: true, ...(signal ? { signal } : {}) });
}
