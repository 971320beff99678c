// GET /auth/getOpenId (sessionGetOpenId) — with code and state: WeChat's callback, finished by the
// server; with the state alone: where the scan stands (polled by the page that shows the QR). Silent.
import { api } from '../instance';

export function requestWechatScan(query: { state: string; code?: string }, signal?: AbortSignal) {
  return api.call((client, s) => client.GET('/auth/getOpenId', { params: { query }, signal: s }), { silent: true, ...(signal ? { signal } : {}) });
}
