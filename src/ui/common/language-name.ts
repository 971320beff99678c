// Language names in the interface language, from the browser (no per-language i18n keys needed).
// One Intl.DisplayNames per locale, kept: building one costs ~0.3 ms on a throttled phone, and the
// meeting setup names every language of two chip lists on each render (issue 27, /meeting profile).
const namesByLocale = new Map<string, Intl.DisplayNames | null>();

function displayNames(locale: string): Intl.DisplayNames | null {
  let names = namesByLocale.get(locale);
  if (names === undefined) {
    try {
      names = new Intl.DisplayNames([locale], { type: 'language' });
    } catch {
      names = null; // an unknown locale tag: callers fall back to the code
    }
    namesByLocale.set(locale, names);
  }
  return names;
}

export function languageName(code: string, locale: string, fallback?: string): string {
  try {
    return displayNames(locale)?.of(code) ?? fallback ?? code;
  } catch {
    return fallback ?? code; // a malformed code
  }
}
