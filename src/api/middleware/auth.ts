import type { Middleware } from 'openapi-fetch';

/** Sends the stored token as a bearer credential; a call that sets its own Authorization keeps it. */
export function authMiddleware(getToken: () => string | null): Middleware {
  return {
    onRequest({ request }) {
      const token = getToken();
      if (token && !request.headers.has('Authorization')) {
        request.headers.set('Authorization', `Bearer ${token}`);
      }
    },
  };
}
