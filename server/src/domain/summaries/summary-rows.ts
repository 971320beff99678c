// A stored summary row as the contract's Summary: JSON columns parsed defensively (a row written
// before migration 0020 has the defaults), the refresh countdown, and whether the transcript changed.
import type { Selectable } from 'kysely';
import type { components } from '../../../../src/api/schema';
import { SUMMARY_REFRESH_SECONDS } from '../../../../src/shared/contract/limits';
import type { SummaryItem } from '../../engines/types';
import type { RecordSummariesTable } from '../transcript/transcript-tables';

export type SummaryView = components['schemas']['Summary'];
export type SummaryRow = Selectable<RecordSummariesTable>;

function parseJson(json: string): unknown {
  try {
    return JSON.parse(json);
  } catch {
    return null;
  }
}

export function parseStrings(json: string): string[] {
  const value = parseJson(json);
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

export function parseItems(json: string): SummaryItem[] {
  const value = parseJson(json);
  if (!Array.isArray(value)) return [];
  return value.flatMap((v): SummaryItem[] =>
    v && typeof v === 'object' && typeof (v as SummaryItem).text === 'string'
      ? [{ text: (v as SummaryItem).text, speaker: typeof (v as SummaryItem).speaker === 'string' ? (v as SummaryItem).speaker : null }]
      : [],
  );
}

export function nextRefreshAt(row: SummaryRow): Date | null {
  // Only a completed summary starts the countdown: a failed one may be retried at once.
  if (row.state !== 'completed') return null;
  return new Date(Date.parse(row.generated_at) + SUMMARY_REFRESH_SECONDS * 1000);
}

export function toView(row: SummaryRow, now: Date, currentHash: string | null): SummaryView {
  const next = nextRefreshAt(row);
  const secondsLeft = next ? Math.max(0, Math.ceil((next.getTime() - now.getTime()) / 1000)) : 0;
  return {
    transId: row.record_id,
    lang: row.lang,
    state: row.state,
    content: row.content,
    keyPoints: parseStrings(row.key_points),
    decisions: parseItems(row.decisions),
    actionItems: parseItems(row.action_items),
    keywords: parseStrings(row.keywords),
    sourceLang: row.source_lang ?? row.lang,
    engine: row.engine_kind,
    note: row.note,
    transcriptChanged: row.state === 'completed' && row.transcript_hash !== null && currentHash !== null && row.transcript_hash !== currentHash,
    errorMessage: row.error_message,
    updateTime: row.updated_at,
    nextRefreshTime: next ? next.toISOString() : null,
    refreshAfterSeconds: secondsLeft,
  };
}
