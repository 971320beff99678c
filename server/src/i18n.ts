// Server-side translations: one i18next instance holding the `server` namespace of the three
// locales; each request gets a translator for the language its accept-language header asks for.
import fs from 'node:fs';
import { createInstance } from 'i18next';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../src/shared/contract/limits';
import { projectPath } from './project-paths';

/**
 * The one translator type of the server: a request's `ctx.t`/`request.t`, a job's or a command's
 * translator. Keys are strings of the locale files (`namespace:key` outside `server`), checked by the
 * i18n tests rather than by the type, so callers never cast it.
 */
export type ServerT = (key: string, params?: Record<string, unknown>) => string;

function loadNamespace(locale: Locale, namespace: 'server' | 'engines' | 'live' | 'uploads' | 'transcripts' | 'vouchers' | 'billing' | 'vocabularyServer' | 'vocabulary' = 'server'): Record<string, unknown> {
  const file = projectPath('src', 'i18n', 'locales', locale, `${namespace}.json`);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
}

export async function createServerI18n() {
  const instance = createInstance();
  await instance.init({
    // `engines` holds engine errors (engines:noTranslation, ...) that handlers render with this translator.
    resources: Object.fromEntries(
      // `uploads` holds upload and pipeline messages (uploads:tooLarge, ...).
      // `vouchers` holds voucher answers, account remarks and the voucher admin commands.
      // `billing` holds packages, tier refusals (92505xxx), the rights table and the package/grant admin commands.
      // `vocabularyServer` holds the vocabulary library refusals and import answers; `vocabulary` (the
      // client's namespace) the words of each library kind, which both sides read (vocabulary-kinds.ts).
      // `live` holds the live meeting messages (live:meetingLinkExpired, ...) of handlers and the meeting socket.
      LOCALES.map((locale) => [locale, { server: loadNamespace(locale), engines: loadNamespace(locale, 'engines'), live: loadNamespace(locale, 'live'), uploads: loadNamespace(locale, 'uploads'), transcripts: loadNamespace(locale, 'transcripts'), vouchers: loadNamespace(locale, 'vouchers'), billing: loadNamespace(locale, 'billing'), vocabularyServer: loadNamespace(locale, 'vocabularyServer'), vocabulary: loadNamespace(locale, 'vocabulary') }]),
    ),
    lng: DEFAULT_LOCALE,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALES],
    ns: ['server', 'engines', 'live', 'uploads', 'transcripts', 'vouchers', 'billing', 'vocabularyServer', 'vocabulary'],
    defaultNS: 'server',
    // Answers are JSON, not HTML; the one HTML page escapes its own output.
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return {
    translatorFor(locale: Locale): ServerT {
      return instance.getFixedT(locale, 'server') as unknown as ServerT;
    },
  };
}

export type ServerI18n = Awaited<ReturnType<typeof createServerI18n>>;

/** Maps an accept-language header to one of the three locales (zh-TW/HK/MO → zh-TW, other zh → zh-CN). */
export function localeFromAcceptLanguage(header: string | undefined): Locale {
  if (!header) return DEFAULT_LOCALE;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.trim().toLowerCase(), q: q ? Number(q.slice(2)) || 0 : 1, index };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    if (tag === 'zh-tw' || tag === 'zh-hk' || tag === 'zh-mo' || tag.startsWith('zh-hant')) return 'zh-TW';
    if (tag === 'zh' || tag.startsWith('zh-')) return 'zh-CN';
    if (tag === 'en' || tag.startsWith('en-')) return 'en-US';
  }
  return DEFAULT_LOCALE;
}
