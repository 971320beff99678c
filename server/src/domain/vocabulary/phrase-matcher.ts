// One pass over a text for every phrase of a vocabulary (Aho-Corasick, modern-ahocorasick): masking,
// replacement and term protection all find their phrases with this, so the cost per final does not
// grow with a loop over words. Matching ignores case (a length-keeping fold, so offsets map 1:1 to
// the original text). Latin-script (and any spaced-script) phrases only match whole words — "ass"
// never inside "class" — while Chinese, Japanese and Korean, written without spaces, match anywhere.
import AhoCorasick from 'modern-ahocorasick';

export interface PhraseHit<T> {
  start: number;
  end: number;
  data: T;
}

/** Scripts written without spaces between words: no word boundary applies to them. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const WORD_CHAR = /[\p{L}\p{N}\p{M}]/u;

function isBoundedChar(char: string | undefined): boolean {
  return char !== undefined && WORD_CHAR.test(char) && !UNSPACED.test(char);
}

/** Lower case where that keeps the length (so 'İ' stays itself); offsets stay those of the original. */
export function foldCase(text: string): string {
  let out = '';
  for (const char of text) {
    const lower = char.toLowerCase();
    out += lower.length === char.length ? lower : char;
  }
  return out;
}

export class PhraseMatcher<T> {
  private readonly automaton: AhoCorasick<T>;
  readonly size: number;

  constructor(entries: ReadonlyArray<{ phrase: string; data: T }>) {
    const usable = entries.map((e) => ({ pattern: foldCase(e.phrase.trim()), data: e.data })).filter((e) => e.pattern.length > 0);
    this.automaton = new AhoCorasick<T>(usable);
    this.size = usable.length;
  }

  /**
   * Non-overlapping hits, leftmost first and the longest at one start, each at word boundaries where
   * its script has them. Every occurrence is collected in the one pass; the selection is a sort.
   */
  find(text: string): PhraseHit<T>[] {
    if (this.size === 0 || !text) return [];
    const all = this.automaton.search(foldCase(text), { strategy: 'all' }).filter((hit) => this.atBoundaries(text, hit.start, hit.end));
    all.sort((a, b) => a.start - b.start || b.end - a.end || a.patternIndex - b.patternIndex);
    const chosen: PhraseHit<T>[] = [];
    let cursor = 0;
    for (const hit of all) {
      if (hit.start < cursor) continue;
      chosen.push({ start: hit.start, end: hit.end, data: hit.data as T });
      cursor = hit.end;
    }
    return chosen;
  }

  /** The text with every hit replaced by what `replacement` answers for it. */
  replace(text: string, replacement: (hit: PhraseHit<T>, matched: string) => string): string {
    const hits = this.find(text);
    if (hits.length === 0) return text;
    let out = '';
    let cursor = 0;
    for (const hit of hits) {
      out += text.slice(cursor, hit.start) + replacement(hit, text.slice(hit.start, hit.end));
      cursor = hit.end;
    }
    return out + text.slice(cursor);
  }

  private atBoundaries(text: string, start: number, end: number): boolean {
    const first = text.codePointAt(start);
    const last = text.codePointAt(end - 1);
    const firstChar = first === undefined ? undefined : String.fromCodePoint(first);
    const lastChar = last === undefined ? undefined : String.fromCodePoint(last);
    const before = start > 0 ? text[start - 1] : undefined;
    const after = end < text.length ? text[end] : undefined;
    // A boundary is needed only on a side where both the phrase and its neighbour are spaced-script word characters.
    if (isBoundedChar(firstChar) && isBoundedChar(before)) return false;
    if (isBoundedChar(lastChar) && isBoundedChar(after)) return false;
    return true;
  }
}
