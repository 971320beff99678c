// Language names in the interface language, from the browser (no per-language i18n keys needed).
export function languageName(code: string, locale: string, fallback?: string): string {
  try {
    const names = new Intl.DisplayNames([locale], { type: 'language' });
    return names.of(code) ?? fallback ?? code;
  } catch {
    return fallback ?? code;
  }
}
