// Keywords: the content terms (and two-word phrases such as "remote control") the meeting returns to
// most, weighted by how specific they are (idf), shown in the form the speakers used most.
import { isChinese } from '../languages';
import type { SentenceUnit } from './sentences';

const MAX_KEYWORDS = 10;

// Words frequent in talk but no topic ("you guys", "gonna try", "five minutes"); kept out of keywords
// only: as similarity terms they still help ranking (measured on the summary bench).
const NOT_KEYWORDS = new Set(
  `guys gonna wanna dunno sorry try tried trying nice talk talking saying look looking looks able thing stuff time work write
  four five six seven eight nine ten hundred thousand minute minutes`.split(/\s+/),
);

export function keywordsOf(units: readonly SentenceUnit[], idf: ReadonlyMap<string, number>, language: string): string[] {
  const counts = new Map<string, { count: number; forms: Map<string, number> }>();
  const add = (key: string, form: string, weight = 1) => {
    let entry = counts.get(key);
    if (!entry) counts.set(key, (entry = { count: 0, forms: new Map() }));
    entry.count += weight;
    entry.forms.set(form, (entry.forms.get(form) ?? 0) + 1);
  };
  const chinese = isChinese(language);
  for (const unit of units) {
    const kept = unit.words.map((word, i) => ({ word, term: unit.wordTerms[i] }));
    kept.forEach(({ word, term }, i) => {
      if (!term || /^\d+$/.test(term) || NOT_KEYWORDS.has(term)) return;
      if (!chinese && term.length < 3) return;
      add(term, word.toLowerCase());
      const next = kept[i + 1];
      // Adjacent content words form a phrase candidate; it wins only when said together often.
      if (next?.term && !/^\d+$/.test(next.term) && !NOT_KEYWORDS.has(next.term)) add(`${term} ${next.term}`, chinese ? `${word}${next.word}` : `${word} ${next.word}`.toLowerCase());
    });
  }
  const scored: { key: string; form: string; score: number }[] = [];
  for (const [key, entry] of counts) {
    const parts = key.split(' ');
    const phrase = parts.length > 1;
    if (entry.count < (phrase ? 3 : 2)) continue;
    const specificity = parts.reduce((sum, part) => sum + (idf.get(part) ?? 0), 0) / parts.length;
    const form = [...entry.forms].sort((a, b) => b[1] - a[1])[0]![0];
    scored.push({ key, form, score: entry.count * specificity * (phrase ? 1.5 : 1) });
  }
  scored.sort((a, b) => b.score - a.score);
  const chosen: { key: string; form: string }[] = [];
  for (const candidate of scored) {
    if (chosen.length >= MAX_KEYWORDS) break;
    const parts = candidate.key.split(' ');
    // "remote control" and "remote" are one keyword: keep whichever ranked first.
    const overlaps = chosen.some((c) => {
      const other = c.key.split(' ');
      return parts.some((p) => other.includes(p));
    });
    if (!overlaps) chosen.push(candidate);
  }
  return chosen.map((c) => c.form);
}
