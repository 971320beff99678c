// The offline summary: pick the sentences that carry the most frequent content of the transcript
// and give them back in their original order. Extractive summaries never state anything the
// speakers did not say, which matters more for meeting notes than fluency. Scoring is plain term
// frequency: English words minus stop words; for Chinese, which has no spaces and no segmenter
// here, overlapping character bigrams (they approximate words well enough for ranking).
// Deterministic: ties go to the earlier sentence.
import { isChinese } from './languages';
import type { SummarizeOptions, Summarizer } from './types';

const DEFAULT_SENTENCES = 3;

const ENGLISH_STOP_WORDS = new Set(
  `a about above after again against all am an and any are as at be because been before being below between both but by
  can could did do does doing down during each few for from further had has have having he her here hers herself him
  himself his how i if in into is it its itself just let me more most my myself no nor not now of off on once only or
  other our ours ourselves out over own same she should so some such than that the their theirs them themselves then
  there these they this those through to too under until up very was we were what when where which while who whom why
  will with would you your yours yourself yourselves okay ok yeah yes uh um oh well also really like get got go going
  thanks thank please hello hi good morning afternoon everyone
  know think just said say one two us it's i'm that's don't we're you're they're there's can't won't`.split(/\s+/),
);

const CHINESE_PUNCTUATION_OR_SPACE = /[\s\p{P}\p{S}\d]/u;

export function splitSentences(text: string, language: string): string[] {
  const normalised = text.replace(/\s+/g, ' ').trim();
  if (!normalised) return [];
  const pattern = isChinese(language) ? /[^。！？!?；;…]+[。！？!?；;…]*/gu : /[^.!?]+(?:[.!?]+["')\]]*|$)/g;
  return (normalised.match(pattern) ?? []).map((s) => s.trim()).filter(Boolean);
}

function termsOf(sentence: string, language: string): string[] {
  if (isChinese(language)) {
    const terms: string[] = [];
    // Latin words inside Chinese text (product names, English terms) count as whole terms.
    for (const word of sentence.match(/[A-Za-z][A-Za-z'-]+/g) ?? []) if (!ENGLISH_STOP_WORDS.has(word.toLowerCase())) terms.push(word.toLowerCase());
    const chars = [...sentence.replace(/[A-Za-z'-]+/g, ' ')];
    for (let i = 0; i + 1 < chars.length; i++) {
      const a = chars[i]!;
      const b = chars[i + 1]!;
      if (!CHINESE_PUNCTUATION_OR_SPACE.test(a) && !CHINESE_PUNCTUATION_OR_SPACE.test(b)) terms.push(a + b);
    }
    return terms;
  }
  return (sentence.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}'-]*/gu) ?? []).filter((w) => !ENGLISH_STOP_WORDS.has(w) && w.length > 1);
}

export interface ScoredSentence {
  index: number;
  text: string;
  score: number;
}

/** Score = mean frequency (relative to the most frequent term) of the sentence's content terms. */
export function scoreSentences(text: string, language: string): ScoredSentence[] {
  const sentences = splitSentences(text, language);
  const termLists = sentences.map((s) => termsOf(s, language));
  const frequency = new Map<string, number>();
  for (const terms of termLists) for (const term of terms) frequency.set(term, (frequency.get(term) ?? 0) + 1);
  const top = Math.max(1, ...frequency.values());
  return sentences.map((sentence, index) => {
    const terms = termLists[index]!;
    const sum = terms.reduce((total, term) => total + frequency.get(term)! / top, 0);
    // Dividing by sqrt(length) rather than length: long sentences are not rewarded for length alone,
    // and one-word sentences ("Right.") do not win on a single frequent term.
    return { index, text: sentence, score: terms.length ? sum / Math.sqrt(terms.length) : 0 };
  });
}

export class ExtractiveSummarizer implements Summarizer {
  readonly id = 'extractive';

  async summarize(text: string, options: SummarizeOptions): Promise<string> {
    const scored = scoreSentences(text, options.language);
    const limit = Math.max(1, options.sentences ?? DEFAULT_SENTENCES);
    const ranked = [...scored].sort((a, b) => b.score - a.score || a.index - b.index);
    const separator = isChinese(options.language) ? '' : ' ';
    const chosen: ScoredSentence[] = [];
    let length = 0;
    for (const candidate of ranked) {
      if (chosen.length >= limit) break;
      const added = candidate.text.length + (chosen.length ? separator.length : 0);
      if (options.maxChars !== undefined && length + added > options.maxChars) continue;
      chosen.push(candidate);
      length += added;
    }
    if (chosen.length === 0 && ranked[0] && options.maxChars !== undefined) {
      // Even the best sentence is too long: cut it rather than answer nothing.
      return [...ranked[0].text].slice(0, Math.max(0, options.maxChars - 1)).join('') + '…';
    }
    return chosen
      .sort((a, b) => a.index - b.index)
      .map((s) => s.text)
      .join(separator);
  }
}
