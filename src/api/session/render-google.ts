// GET /auth/render/google (authRenderGoogle) — where Google sign-in starts. Silent.
import { api } from '../instance';

export function requestGoogleStart(signal?: AbortSignal) {
  return api.call((client, s) => client.GET('/auth/render/google', { signal: s }), { silent: true, ...(signal ? { signal } : {}) });
}
