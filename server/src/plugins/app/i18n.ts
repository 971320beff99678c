// Gives every request a translator for its accept-language (zh-CN, zh-TW or en-US, default en-US).
import fp from 'fastify-plugin';
import type { Locale } from '../../../../src/shared/contract/limits';
import { localeFromAcceptLanguage, type ServerI18n, type ServerT } from '../../i18n';

declare module 'fastify' {
  interface FastifyRequest {
    locale: Locale;
    t: ServerT;
  }
}

export default fp<{ i18n: ServerI18n }>(
  async (app, { i18n }) => {
    // Getters rather than an onRequest hook, so even errors raised before any hook runs are translated.
    app.decorateRequest('locale', {
      getter() {
        return localeFromAcceptLanguage(this.headers['accept-language']);
      },
    });
    app.decorateRequest('t', {
      getter() {
        return i18n.translatorFor(localeFromAcceptLanguage(this.headers['accept-language']));
      },
    });
  },
  { name: 'i18n' },
);
