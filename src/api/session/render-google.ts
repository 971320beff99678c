// GET /auth/render/google (sessionRenderGoogle) — where Google sign-in starts. Silent.
import { api } from '../instance';

export function requestGoogleStart(signal?: AbortSignal, query: { source?: string; redirect?: string } = {}) {
  return api.call((client, s) => client.GET('/auth/render/google', { params: { query }, signal: s }), { silent: true, ...(signal ? { signal } : {}) });
}
