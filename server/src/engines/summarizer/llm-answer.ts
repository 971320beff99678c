// Reads a chat model's answer into the summary shape. Models wrap JSON in ``` fences, add a sentence
// before it, or send a field of the wrong type; what can be read is kept, and an answer with no summary
// in it is an error (the caller then falls back to the offline summariser).
import { engineFailed } from '../engine-errors';
import type { StructuredSummary, SummaryItem } from '../types';

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.map((v) => (typeof v === 'string' ? v.trim() : '')).filter(Boolean) : [];

const items = (value: unknown): SummaryItem[] =>
  Array.isArray(value)
    ? value.flatMap((v): SummaryItem[] => {
        if (typeof v === 'string' && v.trim()) return [{ text: v.trim(), speaker: null }];
        if (v && typeof v === 'object' && typeof (v as { text?: unknown }).text === 'string') {
          const { text, speaker } = v as { text: string; speaker?: unknown };
          return text.trim() ? [{ text: text.trim(), speaker: typeof speaker === 'string' && speaker.trim() ? speaker.trim() : null }] : [];
        }
        return [];
      })
    : [];

function uniqueBy<T>(list: T[], key: (item: T) => string): T[] {
  const seen = new Set<string>();
  return list.filter((item) => {
    const k = key(item).toLowerCase();
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

export function parseSummaryAnswer(answer: string, engine: string): StructuredSummary {
  const unfenced = answer.replace(/```(?:json)?/gi, '');
  const start = unfenced.indexOf('{');
  const end = unfenced.lastIndexOf('}');
  let value: unknown;
  try {
    value = start >= 0 && end > start ? JSON.parse(unfenced.slice(start, end + 1)) : undefined;
  } catch {
    value = undefined;
  }
  const object = value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  const summary = object && typeof object.summary === 'string' ? object.summary.trim() : '';
  if (!summary) throw engineFailed(engine, 'the chat answer is not the summary JSON asked for');
  // A model may list the summary's own sentences again as key points; the contract says distinct.
  const keyPoints = uniqueBy(strings(object!.keyPoints), (s) => s).filter((point) => !summary.includes(point));
  return {
    summary,
    keyPoints,
    decisions: uniqueBy(items(object!.decisions), (i) => i.text),
    actionItems: uniqueBy(items(object!.actionItems), (i) => i.text),
    keywords: uniqueBy(strings(object!.keywords), (s) => s).slice(0, 12),
    engine: 'llm',
  };
}
