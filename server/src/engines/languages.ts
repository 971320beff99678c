// Product codes are full BCP 47 tags; engines mostly care about the primary language. Matching on
// the primary subtag lets en-GB audio use the en-US model and es-MX text use the es-ES pair, which
// is closer to what a user expects than a refusal. Chinese is the exception: script matters for
// output (zh-CN simplified vs zh-TW traditional), so callers that produce text keep the full tag.

export function primaryLanguage(tag: string): string {
  return (tag.split(/[-_]/)[0] ?? '').toLowerCase();
}

/** True when an engine declaring `supported` (possibly '*') can serve `requested`. */
export function languageMatches(supported: string, requested: string): boolean {
  if (supported === '*') return true;
  return primaryLanguage(supported) === primaryLanguage(requested);
}

export function isChinese(tag: string): boolean {
  return primaryLanguage(tag) === 'zh';
}

/** Traditional script for zh-TW / zh-HK / zh-MO / zh-Hant; simplified otherwise. */
export function isTraditionalChinese(tag: string): boolean {
  const lower = tag.toLowerCase();
  return isChinese(tag) && (/-hant\b/.test(lower) || /-(tw|hk|mo)\b/.test(lower));
}

/** English names for prompts sent to chat models, which follow names better than tags. */
export function languageName(tag: string): string {
  if (isChinese(tag)) return isTraditionalChinese(tag) ? 'Traditional Chinese' : 'Simplified Chinese';
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' }).of(tag) ?? tag;
  } catch {
    return tag;
  }
}
