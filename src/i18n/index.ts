import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../shared/contract/limits';
import { EAGER_NAMESPACES, EAGER_TEXTS, type FirstTexts } from '../shared/contract/first-pages';
import { CLIENT_NAMESPACES, readFirstTextsFrom, readNamespace } from './locale-source';

// Every namespace file of every helper (auth, api, records, …) is found without edits (locale-source.ts),
// and each loads on its own: a page loads only the namespaces it renders.
export const NAMESPACES: readonly string[] = CLIENT_NAMESPACES;

/**
 * Loaded before the first render: the texts every page shows (common), the sign-in pages' own (auth)
 * and the namespaces whose keys travel inside machine contexts and api errors (a component may render
 * 'api:timeout' without naming `api`). Feature namespaces (records, meetings, …), the signed-in
 * shell's navigation (nav) and the other pages' titles (pages) load when a component first asks for
 * them, which keeps them off the sign-in page.
 */
export { EAGER_NAMESPACES };

/** i18next backend that reads the locale files through locale-source.ts. */
const localeBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    readNamespace(language, namespace).then(
      (texts) => callback(null, (texts ?? {}) as never),
      (error: unknown) => callback(error as Error, false),
    );
  },
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** Loads every client namespace of a locale (tests and tools that render any page at once). */
export async function loadLocale(locale: Locale): Promise<void> {
  await initI18n(locale);
  await i18next.loadNamespaces([...NAMESPACES]);
}

let initialised: Promise<unknown> | null = null;

/**
 * Initialises i18next with the given locale's resources loaded before the first render: the eager
 * namespaces and, on the first call, those the first page renders at once (fetched side by side).
 */
export async function initI18n(locale: Locale = DEFAULT_LOCALE, firstTexts: FirstTexts = EAGER_TEXTS): Promise<typeof i18next> {
  if (!initialised) {
    // They come in one file (src/shared/contract/first-pages.ts), the one the served page preloads.
    readFirstTextsFrom(firstTexts);
    initialised = i18next.use(localeBackend).use(initReactI18next).init({
      lng: locale,
      fallbackLng: false,
      supportedLngs: [...LOCALES],
      ns: [...firstTexts.namespaces],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  }
  await initialised;
  await changeLocale(locale);
  return i18next;
}

/** Switches the interface language once every namespace already in use is loaded in it (no flash of keys). */
export async function changeLocale(locale: Locale): Promise<void> {
  if (i18next.language !== locale) {
    const inUse = Object.keys(i18next.store?.data[i18next.language] ?? {});
    if (inUse.length) await i18next.reloadResources([locale], inUse);
    await i18next.changeLanguage(locale);
  }
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

export { i18next };
