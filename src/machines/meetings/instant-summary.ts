// The live instant summary's two rules (issue 24 §4), pure so the machine and its tests share them:
// - which language to ask it in: the host's interface language when the meeting has lines in it (its
//   recognition language, or a translation the meeting's engine already makes); otherwise none, so
//   the server uses the record's own language. Asking for the first translation language instead
//   is what gave an English host one machine-translated Spanish sentence.
// - what to show of it: never a sentence twice, and no key point that repeats a summary sentence
//   (the server's latest-lines summary gave its own sentences back as key points).
import type { Summary } from '../../api/meetings/meeting-types';

const base = (code: string) => code.toLowerCase().split('-')[0] ?? '';

/** The meeting language to summarise in for this host, or undefined for the record's language. */
export function instantSummaryLanguage(hostLanguage: string | null | undefined, meetingLanguages: readonly string[]): string | undefined {
  if (!hostLanguage) return undefined;
  const exact = meetingLanguages.find((code) => code.toLowerCase() === hostLanguage.toLowerCase());
  if (exact) return exact;
  // en-GB reads en-US well; zh-TW does not read zh-CN (another script), so Chinese matches exactly only.
  if (base(hostLanguage) === 'zh') return undefined;
  return meetingLanguages.find((code) => base(code) === base(hostLanguage));
}

/** Sentences of `text` in `language` (Intl.Segmenter knows where Chinese and English sentences end). */
export function sentencesOf(text: string, language: string | null | undefined): string[] {
  const segmenter = new Intl.Segmenter(language ?? undefined, { granularity: 'sentence' });
  return [...segmenter.segment(text)].map((part) => part.segment.trim()).filter(Boolean);
}

/** What makes two sentences the same to a reader: their words, not their case, spacing or punctuation. */
const sameness = (sentence: string) => sentence.toLowerCase().replace(/[\s\p{P}\p{S}]+/gu, '');

/** The summary with each sentence once, and only key points that say something the summary does not. */
export function distinctSummary(summary: Summary): Summary {
  const seen = new Set<string>();
  const fresh = (sentence: string) => {
    const key = sameness(sentence);
    if (!key || seen.has(key)) return false;
    seen.add(key);
    return true;
  };
  const sentences = sentencesOf(summary.content, summary.lang).filter(fresh);
  const chinese = base(summary.lang ?? '') === 'zh';
  const keyPoints = (summary.keyPoints ?? []).filter(fresh);
  return { ...summary, content: sentences.join(chinese ? '' : ' '), keyPoints };
}
