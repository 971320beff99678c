// POST /auth/wxRegisterWithLogin (sessionWxRegisterWithLogin) — registers the scanned WeChat account
// (optionally linked to an address proven with a code) and signs it in. Silent.
import { api } from '../instance';

export function registerWithWechat(body: { state: string; username?: string; code?: string }, signal?: AbortSignal) {
  return api.call((client, s) => client.POST('/auth/wxRegisterWithLogin', { body, signal: s }), { silent: true, ...(signal ? { signal } : {}) });
}
