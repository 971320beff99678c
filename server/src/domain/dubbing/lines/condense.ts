// Shorter wordings of one line for dubbingTransAdjust, least change first. Each keeps the meaning:
// only tidying, asides, hesitation words and spelled-out numbers are removed or shortened; nothing
// is summarised or paraphrased by guesswork. trans-adjust.ts measures each wording spoken and keeps
// the first that fits, so a variant that reads shorter but does not speak shorter is never chosen.
import { isChinese, primaryLanguage } from '../../../engines/languages';

/** Collapsed whitespace, no space before punctuation, repeated punctuation and ellipses reduced. */
export function tidy(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .replace(/\s+([,.;:!?，。；：！？、])/g, '$1')
    .replace(/(\.{3,}|…+)/g, '')
    .replace(/([,.;:!?，。；：！？、])\1+/g, '$1')
    .replace(/^[\s,，、;；]+|[\s,，、;；]+$/g, '')
    .trim();
}

/** Asides in brackets or between dashes: "(as I said)", "（笑）", "[music]", " — you know — ". */
export function withoutParentheticals(text: string): string {
  // Full-width brackets stand in text without word spaces (Chinese, Japanese): nothing replaces them there.
  return tidy(text.replace(/\s*[(（[【][^()（）[\]【】]*[)）\]】]\s*/g, (aside) => (/^\s*[（【]/.test(aside) ? '' : ' ')).replace(/\s+[—–-]{1,2}\s[^—–]*?\s[—–-]{1,2}\s+/g, ' '));
}

/** Hesitation and hedge words per language: they carry no content a listener misses. */
// Only words that are never content where they stand alone. "like", "so", "well", "just", "you know",
// "kind of" or Spanish "bueno" can be meaning ("I like it", "do you know him", "a kind of fruit",
// "es bueno"), so they are not here. Korean is left out: its hesitation sounds (음, 어) also occur
// inside words and it has no word boundary to match on.
const FILLERS: Record<string, readonly string[]> = {
  en: ['um', 'umm', 'uh', 'uhm', 'erm', 'er', 'basically', 'literally'],
  es: ['eh', 'ehm', 'o sea', 'básicamente', 'digamos'],
  fr: ['euh', 'ben', 'du coup', 'en fait'],
  de: ['äh', 'ähm', 'sozusagen', 'quasi'],
  it: ['ehm', 'cioè', 'praticamente', 'insomma'],
  pt: ['hum', 'né', 'basicamente'],
  zh: ['嗯', '呃', '哦', '就是说', '其实'],
  ja: ['えっと', 'えーと', 'えー'],
};

const escape = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function withoutFillers(text: string, language: string): string {
  const words = FILLERS[primaryLanguage(language)] ?? [];
  if (!words.length) return text;
  // Longest first so "就是说" goes before "就是"; Chinese/Japanese/Korean have no word spaces.
  const sorted = [...words].sort((a, b) => b.length - a.length).map(escape);
  const spaced = !isChinese(language) && !['ja', 'ko'].includes(primaryLanguage(language));
  const pattern = spaced ? new RegExp(`(^|[\\s,;:])(?:${sorted.join('|')})(?=$|[\\s,;:.!?])[,;:]?`, 'giu') : new RegExp(`(?:${sorted.join('|')})[，、,]?`, 'gu');
  const stripped = tidy(text.replace(pattern, spaced ? '$1' : ''));
  // Never empty a line: a line made only of fillers keeps its words.
  if (!/[\p{L}\p{N}]/u.test(stripped)) return text;
  // Keep the capital letter a sentence started with.
  return spaced && /^\p{Lu}/u.test(text) ? stripped.charAt(0).toLocaleUpperCase(language) + stripped.slice(1) : stripped;
}

const EN_UNITS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen'];
const EN_TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const ES_UNITS = ['cero', 'uno', 'dos', 'tres', 'cuatro', 'cinco', 'seis', 'siete', 'ocho', 'nueve', 'diez', 'once', 'doce', 'trece', 'catorce', 'quince', 'dieciséis', 'diecisiete', 'dieciocho', 'diecinueve', 'veinte'];

/** Spelled-out numbers (English 0–99, Spanish 0–20) as digits. */
export function numbersAsDigits(text: string, language: string): string {
  const lang = primaryLanguage(language);
  if (lang === 'en') {
    const tens = EN_TENS.filter(Boolean).join('|');
    const units = EN_UNITS.slice(1, 10).join('|');
    return text
      .replace(new RegExp(`\\b(${tens})[- ](${units})\\b`, 'gi'), (_m, t: string, u: string) => String(EN_TENS.indexOf(t.toLowerCase()) * 10 + EN_UNITS.indexOf(u.toLowerCase())))
      .replace(new RegExp(`\\b(${[...EN_UNITS, ...EN_TENS.filter(Boolean)].join('|')})\\b`, 'gi'), (m: string) => {
        const lower = m.toLowerCase();
        const unit = EN_UNITS.indexOf(lower);
        // "one" is as often a pronoun ("the one I saw") as a number: left as it is.
        if (lower === 'one') return m;
        return String(unit >= 0 ? unit : EN_TENS.indexOf(lower) * 10);
      });
  }
  if (lang === 'es') {
    return text.replace(new RegExp(`\\b(${ES_UNITS.slice(2).join('|')})\\b`, 'giu'), (m: string) => String(ES_UNITS.indexOf(m.toLowerCase())));
  }
  return text;
}

export interface Wordings {
  /** Variants of the translation itself, least change first, without repeats or the original. */
  translationVariants: string[];
  /** The source with asides and fillers removed, when that differs from the source (to translate again). */
  condensedSource: string | null;
}

export function wordings(source: string, sourceLanguage: string, translation: string, targetLanguage: string): Wordings {
  const steps: string[] = [];
  let current = translation;
  for (const step of [tidy, withoutParentheticals, (t: string) => numbersAsDigits(t, targetLanguage), (t: string) => withoutFillers(t, targetLanguage)]) {
    current = step(current);
    if (current && current !== translation && !steps.includes(current)) steps.push(current);
  }
  const condensed = withoutFillers(withoutParentheticals(source), sourceLanguage);
  return { translationVariants: steps, condensedSource: condensed && condensed !== tidy(source) ? condensed : null };
}
