import type { Middleware } from 'openapi-fetch';

/** The server answers messages in the user's language, so every call carries the stored locale. */
export function localeMiddleware(getLocale: () => string): Middleware {
  return {
    onRequest({ request }) {
      request.headers.set('Accept-Language', getLocale());
    },
  };
}
