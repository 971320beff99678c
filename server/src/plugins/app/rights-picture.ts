// The equity comparison picture the purchase dialog shows (queryRightsPictureUrl answers its
// address): an SVG drawn from the tier table, in the language the address names. Public, like the
// package list it illustrates; cached briefly since the table changes only with a release.
import fp from 'fastify-plugin';
import { LOCALES, type Locale } from '../../../../src/shared/contract/limits';
import { rightsSvg } from '../../domain/purchase/rights-table';
import { localeFromAcceptLanguage } from '../../i18n';
import { API_PREFIX } from './openapi-routes';

export const RIGHTS_PICTURE_PATH = `${API_PREFIX}/expense/package/rightsPicture.svg`;

export function rightsPictureUrl(locale: Locale): string {
  return `${RIGHTS_PICTURE_PATH}?lang=${encodeURIComponent(locale)}`;
}

export default fp(
  async (app) => {
    app.get(RIGHTS_PICTURE_PATH, async (request, reply) => {
      const lang = (request.query as { lang?: unknown }).lang;
      const locale = typeof lang === 'string' && (LOCALES as readonly string[]).includes(lang) ? (lang as Locale) : localeFromAcceptLanguage(request.headers['accept-language']);
      const t = app.services.i18n.translatorFor(locale);
      return reply.type('image/svg+xml; charset=utf-8').header('cache-control', 'public, max-age=300').send(rightsSvg(t));
    });
  },
  { name: 'rights-picture', dependencies: ['runtime'] },
);
