// A line's timing budget as the line list shows it (issue 13 §2): how fast its dubbed text must be
// spoken (characters per second against its slot) and whether the pipeline's voiced take fitted
// the slot (overrunMs from the pipeline: 0 fits, > 0 runs past the slot, null not voiced yet).
import type { LineView as DubLine } from './dub-editor-view';

/**
 * Reading/speaking speeds beyond which a line is marked as tight. Netflix's timed-text style guides
 * give 17 characters per second for adult English and 9 for Simplified Chinese; Han, kana and hangul
 * carry a syllable each, so lines mostly in those scripts use the lower figure.
 */
export const TIGHT_CPS_LATIN = 17;
export const TIGHT_CPS_CJK = 9;

const CJK = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]/gu;

export type BudgetTone = 'fits' | 'tight' | 'over' | 'unvoiced';

export interface LineBudget {
  /** Characters of the spoken text (the translation, else the original), spaces not counted. */
  characters: number;
  charsPerSecond: number;
  tightCps: number;
  overrunMs: number | null;
  /** Share of the bar to fill: the dubbed speech's length over the slot, capped at 1 (0 when unvoiced). */
  fill: number;
  tone: BudgetTone;
}

export function spokenText(line: Pick<DubLine, 'text' | 'translation'>): string {
  return line.translation?.trim() ? line.translation : line.text;
}

export function lineBudget(line: Pick<DubLine, 'startMs' | 'endMs' | 'text' | 'translation' | 'overrunMs'>): LineBudget {
  const text = spokenText(line).replace(/\s+/gu, '');
  const characters = [...text].length;
  const cjk = text.match(CJK)?.length ?? 0;
  const tightCps = cjk * 2 >= characters && characters > 0 ? TIGHT_CPS_CJK : TIGHT_CPS_LATIN;
  const slotMs = Math.max(0, line.endMs - line.startMs);
  const charsPerSecond = slotMs > 0 ? (characters * 1000) / slotMs : characters > 0 ? Number.POSITIVE_INFINITY : 0;
  const overrunMs = line.overrunMs ?? null;
  if (overrunMs === null) return { characters, charsPerSecond, tightCps, overrunMs, fill: 0, tone: charsPerSecond > tightCps ? 'tight' : 'unvoiced' };
  if (overrunMs > 0) return { characters, charsPerSecond, tightCps, overrunMs, fill: 1, tone: 'over' };
  return { characters, charsPerSecond, tightCps, overrunMs, fill: 1, tone: charsPerSecond > tightCps ? 'tight' : 'fits' };
}

/** How much of the bar the slot takes when the speech runs over (the rest is the overrun, drawn red). */
export function slotShare(line: Pick<DubLine, 'startMs' | 'endMs' | 'overrunMs'>): number {
  const slotMs = Math.max(1, line.endMs - line.startMs);
  const overrun = Math.max(0, line.overrunMs ?? 0);
  return slotMs / (slotMs + overrun);
}
