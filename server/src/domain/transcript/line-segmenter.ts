// Cuts recognised speech into subtitle-grade transcript lines from the word timings. A recogniser's
// own segments follow its decoder (pocketsphinx keeps one utterance until a long silence, so a
// 32-second recording came back as one 31-second line); a subtitle reader needs lines short enough
// to read while they are on screen. The rules are the common broadcast ones (Netflix, BBC, EBU):
//   - a line shows at most 7 s and two rows of 42 characters (16 for Chinese, Japanese, Korean);
//   - a pause in the speech ends a line, and so does a segment boundary of the recogniser;
//   - a line is never cut inside a word; a word longer than the limit stands alone on its line;
//   - when a line must be cut, it is cut after a sentence end, else after a clause mark, else at the
//     longest pause, provided the first part keeps at least a third of the room; else before the
//     word that did not fit.
// Pure functions only: the upload job, the live meeting record and the tests call the same code.

export interface TimedWord {
  text: string;
  startMs: number;
  endMs: number;
}

export interface TimedSpan {
  startMs: number;
  endMs: number;
  text: string;
  /** Absent or empty when the recogniser gave none; timings are then spread over the text. */
  words?: readonly TimedWord[];
}

export interface CutLine {
  startMs: number;
  endMs: number;
  text: string;
  words: TimedWord[];
}

export interface LineLimits {
  maxDurationMs: number;
  charsPerRow: number;
  rows: number;
  /** A silence at least this long between two words ends the line. */
  pauseMs: number;
}

export const LATIN_LIMITS: LineLimits = { maxDurationMs: 7000, charsPerRow: 42, rows: 2, pauseMs: 600 };
export const CJK_LIMITS: LineLimits = { ...LATIN_LIMITS, charsPerRow: 16 };

const CJK_LANGUAGES = new Set(['zh', 'ja', 'ko']);

/** Chinese, Japanese and Korean lines are counted at 16 characters a row, others at 42. */
export function limitsFor(language: string): LineLimits {
  const primary = (language.split(/[-_]/)[0] ?? '').toLowerCase();
  return CJK_LANGUAGES.has(primary) ? CJK_LIMITS : LATIN_LIMITS;
}

// Han, kana, hangul and the CJK punctuation block: written without spaces between words.
const CJK_CHAR = /[\u3000-\u303f\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/u;
const SENTENCE_END = /[.!?…。！？]["'”’)）」』]*$/u;
const CLAUSE_END = /[,;:，、；：—–-]["'”’)）」』]*$/u;

const length = (text: string) => [...text].length;

/** Words joined as they are written: no space between two CJK characters, one space otherwise. */
export function joinWords(words: readonly { text: string }[]): string {
  let out = '';
  for (const word of words) {
    const text = word.text.trim();
    if (!text) continue;
    const last = out.at(-1);
    const glue = !out || (last && CJK_CHAR.test(last) && CJK_CHAR.test(text[0]!)) ? '' : ' ';
    out += glue + text;
  }
  return out;
}

/**
 * Rows the text needs when wrapped at word boundaries (greedy wrapping uses the fewest rows). A word
 * longer than a row counts the rows its characters fill, so it never shares a line.
 */
export function rowsNeeded(words: readonly { text: string }[], charsPerRow: number): number {
  let rows = 0;
  let row: { text: string }[] = [];
  for (const word of words) {
    const wordLength = length(word.text.trim());
    if (wordLength > charsPerRow) {
      rows += (row.length ? 1 : 0) + Math.ceil(wordLength / charsPerRow);
      row = [];
      continue;
    }
    const candidate = [...row, word];
    if (row.length && length(joinWords(candidate)) > charsPerRow) {
      rows += 1;
      row = [word];
    } else {
      row = candidate;
    }
  }
  return rows + (row.length ? 1 : 0);
}

/**
 * Word timings for a span the recogniser gave none for, spread over its duration in proportion to
 * each word's length. An estimate, used only to find cut points; the words are not stored as
 * recognised timings (see cutSpans).
 */
export function spreadWords(span: TimedSpan): TimedWord[] {
  const text = span.text.trim();
  if (!text) return [];
  // Text without spaces (Chinese, Japanese) is cut between characters; other text between words.
  const tokens = /\s/.test(text) || !CJK_CHAR.test(text) ? text.split(/\s+/) : [...text];
  const total = tokens.reduce((n, token) => n + length(token), 0);
  const duration = Math.max(0, span.endMs - span.startMs);
  let consumed = 0;
  return tokens.map((token) => {
    const startMs = span.startMs + Math.round((duration * consumed) / total);
    consumed += length(token);
    return { text: token, startMs, endMs: span.startMs + Math.round((duration * consumed) / total) };
  });
}

function fits(words: readonly TimedWord[], limits: LineLimits): boolean {
  const first = words[0];
  const last = words.at(-1);
  if (!first || !last) return true;
  return last.endMs - first.startMs <= limits.maxDurationMs && rowsNeeded(words, limits.charsPerRow) <= limits.rows;
}

/**
 * Where to end the line `words` when the next word does not fit: the index after which to cut.
 * Prefers a sentence end, then a clause mark, then the longest pause, in the later two thirds of
 * the line; a cut that would leave a stub line is not taken.
 */
export function cutIndex(words: readonly TimedWord[], limits: LineLimits): number {
  const last = words.length - 1;
  if (last <= 0) return last;
  const room = limits.charsPerRow * limits.rows;
  const earliest = (index: number) => {
    const part = words.slice(0, index + 1);
    const chars = length(joinWords(part));
    const duration = part.at(-1)!.endMs - part[0]!.startMs;
    return chars >= room / 3 || duration >= limits.maxDurationMs / 3;
  };
  for (const mark of [SENTENCE_END, CLAUSE_END]) {
    for (let index = last; index >= 0; index--) {
      if (mark.test(words[index]!.text) && earliest(index)) return index;
    }
  }
  let best = last;
  let bestGap = 0;
  for (let index = last - 1; index >= 0; index--) {
    const gap = words[index + 1]!.startMs - words[index]!.endMs;
    if (gap > bestGap && earliest(index)) [best, bestGap] = [index, gap];
  }
  return best;
}

function toLine(words: TimedWord[], estimated: boolean): CutLine {
  return {
    startMs: words[0]!.startMs,
    endMs: words.at(-1)!.endMs,
    text: joinWords(words),
    words: estimated ? [] : words.map((w) => ({ text: w.text, startMs: w.startMs, endMs: w.endMs })),
  };
}

/** Cuts one run of words (no hard boundary inside) into lines that keep the limits. */
export function cutWords(words: readonly TimedWord[], limits: LineLimits, estimated = false): CutLine[] {
  const lines: CutLine[] = [];
  let current: TimedWord[] = [];
  for (const word of words) {
    if (!word.text.trim()) continue;
    const previous = current.at(-1);
    if (previous && word.startMs - previous.endMs >= limits.pauseMs) {
      lines.push(toLine(current, estimated));
      current = [];
    }
    current.push(word);
    // Cut as often as needed: a line that no longer fits gives its head away and keeps the rest.
    while (current.length > 1 && !fits(current, limits)) {
      const head = current.slice(0, -1);
      const at = cutIndex(head, limits);
      lines.push(toLine(current.slice(0, at + 1), estimated));
      current = current.slice(at + 1);
    }
  }
  if (current.length) lines.push(toLine(current, estimated));
  return lines;
}

/**
 * The recogniser's segments cut into subtitle-grade lines. A segment boundary is kept as a cut (the
 * recogniser heard a break there). A segment without word timings is cut on estimated timings and
 * its lines carry no words, so the player never highlights a word at a time nobody measured.
 */
export function cutSpans(spans: readonly TimedSpan[], language: string): CutLine[] {
  const limits = limitsFor(language);
  return spans.flatMap((span) => {
    const measured = span.words?.length ? [...span.words] : null;
    return cutWords(measured ?? spreadWords(span), limits, measured === null);
  });
}

/**
 * A translation made of a whole utterance, shared among the lines the utterance was cut into, in
 * proportion to each line's share of the original text and at word boundaries (between characters
 * for text written without spaces). The engine translated the whole so the sense is right; the cut
 * points are approximate, which is what subtitle editors do when they split a translated cue.
 */
export function shareTranslation(translation: string, lineTexts: readonly string[]): string[] {
  const text = translation.trim();
  if (lineTexts.length <= 1) return [text];
  const tokens = /\s/.test(text) || !CJK_CHAR.test(text) ? text.split(/\s+/).filter(Boolean) : [...text];
  const weights = lineTexts.map((line) => Math.max(1, length(line)));
  const total = weights.reduce((a, b) => a + b, 0);
  const tokenTotal = tokens.reduce((n, token) => n + length(token), 0);
  const parts: string[] = [];
  let taken = 0;
  let consumed = 0;
  let cumulative = 0;
  weights.forEach((weight, index) => {
    cumulative += weight;
    const target = (tokenTotal * cumulative) / total;
    const piece: { text: string }[] = [];
    // The last line takes whatever is left; others take tokens while their middle stays under the target.
    while (taken < tokens.length && (index === weights.length - 1 || consumed + length(tokens[taken]!) / 2 <= target)) {
      consumed += length(tokens[taken]!);
      piece.push({ text: tokens[taken]! });
      taken += 1;
    }
    parts.push(joinWords(piece));
  });
  return parts;
}
