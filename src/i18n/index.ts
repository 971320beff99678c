import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../shared/limits';

// Every namespace file of every helper (auth, api, server, …) is found here without edits. The glob is
// lazy so each locale's files become their own chunks and only the current locale loads at start.
const localeFiles = import.meta.glob<{ default: Record<string, unknown> }>('./locales/*/*.json');

function parsePath(path: string): { locale: string; namespace: string } | null {
  const match = /\.\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
  return match ? { locale: match[1]!, namespace: match[2]! } : null;
}

export const NAMESPACES: readonly string[] = [
  ...new Set(Object.keys(localeFiles).map((p) => parsePath(p)?.namespace).filter((n): n is string => !!n)),
].sort();

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

const loaded = new Map<Locale, Promise<void>>();

export function loadLocale(locale: Locale): Promise<void> {
  const existing = loaded.get(locale);
  if (existing) return existing;
  const loading = Promise.all(
    Object.entries(localeFiles).map(async ([path, load]) => {
      const parsed = parsePath(path);
      if (!parsed || parsed.locale !== locale) return;
      const module = await load();
      i18next.addResourceBundle(locale, parsed.namespace, module.default, true, true);
    }),
  ).then(() => undefined);
  loaded.set(locale, loading);
  return loading;
}

let initialised: Promise<unknown> | null = null;

/** Initialises i18next with the given locale's resources loaded before the first render. */
export async function initI18n(locale: Locale = DEFAULT_LOCALE): Promise<typeof i18next> {
  if (!initialised) {
    initialised = i18next.use(initReactI18next).init({
      lng: locale,
      fallbackLng: false,
      supportedLngs: [...LOCALES],
      ns: [...NAMESPACES],
      defaultNS: 'common',
      resources: {},
      partialBundledLanguages: true,
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  }
  await initialised;
  await changeLocale(locale);
  return i18next;
}

/** Loads the locale's files on demand, then switches the interface language. */
export async function changeLocale(locale: Locale): Promise<void> {
  await loadLocale(locale);
  if (i18next.language !== locale) await i18next.changeLanguage(locale);
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

export { i18next };
