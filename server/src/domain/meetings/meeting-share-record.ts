// A meeting's record as its participants read it after the meeting (/meetingShareDownload): the
// record's lines (as the host may have edited them, with word timings for the player) and, for each
// line, its text in every translation language the meeting produced. The record stores only the
// first language; the others live per utterance in meeting_segments and are shared among the lines
// an utterance was cut into exactly as appendFinal shares the first one (shareTranslation).
import type { Kysely } from 'kysely';
import type { components } from '../../../../src/api/schema';
import type { ExportContent, ExportFormat, SubtitleLine } from '../../../../src/shared/contract/transcript';
import type { Database, RecordSegmentRow } from '../../db/schema';
import { exportTranscript, type ExportedFile } from '../exports/export-transcript';
import type { StaleLabels } from '../exports/segment-lines';
import { toSubtitleLine } from '../records/record-view';
import { shareTranslation } from '../transcript/line-segmenter';
import { languageNotOffered } from './meeting-errors';
import { meetingDb, type MeetingRow, type MeetingSegmentRow } from './meeting-tables';
import { meetingLanguagesOf, parseJson } from './meeting-view';

export type MeetingShareLine = components['schemas']['MeetingShareLine'];

/** The utterance a record line was cut from: the one it is named after, else the one its start falls in. */
function utteranceIndexOf(line: RecordSegmentRow, utterances: readonly MeetingSegmentRow[], byId: Map<string, number>): number {
  const named = byId.get(line.id);
  if (named !== undefined) return named;
  // Utterances are ordered by start: the last starting at or before the line's start.
  let low = 0;
  let high = utterances.length - 1;
  let found = -1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (utterances[mid]!.start_ms <= line.start_ms) {
      found = mid;
      low = mid + 1;
    } else high = mid - 1;
  }
  return found >= 0 && line.start_ms < utterances[found]!.end_ms ? found : -1;
}

/** What a reader other than the host sees of a text: sensitive words masked (features §5 Vocabulary). */
export type TextMask = (text: string) => string;

export async function meetingShareLines(db: Kysely<Database>, meeting: MeetingRow, mask?: TextMask): Promise<MeetingShareLine[]> {
  const lines = await recordLines(db, meeting);
  return mask ? lines.map((line) => maskLine(line, mask)) : lines;
}

/** A summary as a reader other than the host sees it: every text part masked like the lines it was made from. */
export function maskSummary<S extends { content: string; keywords?: string[]; keyPoints?: string[]; decisions?: Array<{ text: string }>; actionItems?: Array<{ text: string }> }>(
  summary: S,
  mask: TextMask,
): S {
  const items = <I extends { text: string }>(list: I[] | undefined) => list?.map((item) => ({ ...item, text: mask(item.text) }));
  return {
    ...summary,
    content: mask(summary.content),
    ...(summary.keywords ? { keywords: summary.keywords.map(mask) } : {}),
    ...(summary.keyPoints ? { keyPoints: summary.keyPoints.map(mask) } : {}),
    ...(summary.decisions ? { decisions: items(summary.decisions) } : {}),
    ...(summary.actionItems ? { actionItems: items(summary.actionItems) } : {}),
  };
}

function maskLine(line: MeetingShareLine, mask: TextMask): MeetingShareLine {
  return {
    ...line,
    text: mask(line.text),
    translation: line.translation === null || line.translation === undefined ? line.translation : mask(line.translation),
    translations: Object.fromEntries(Object.entries(line.translations).map(([language, text]) => [language, mask(text)])),
    ...(line.words ? { words: line.words.map((word) => ({ ...word, text: mask(word.text) })) } : {}),
  };
}

async function recordLines(db: Kysely<Database>, meeting: MeetingRow): Promise<MeetingShareLine[]> {
  if (!meeting.record_id) return [];
  const [rows, utterances] = await Promise.all([
    db.selectFrom('record_segments').selectAll().where('record_id', '=', meeting.record_id).orderBy('position').execute(),
    meetingDb(db).selectFrom('meeting_segments').selectAll().where('meeting_id', '=', meeting.id).orderBy('start_ms').orderBy('seq').execute(),
  ]);
  const primary = meetingLanguagesOf(meeting).defaultTranslation;
  const byId = new Map(utterances.map((u, index) => [u.segment_id, index]));
  const linesOf = new Map<number, number[]>();
  rows.forEach((row, lineIndex) => {
    const at = utteranceIndexOf(row, utterances, byId);
    if (at >= 0) linesOf.set(at, [...(linesOf.get(at) ?? []), lineIndex]);
  });
  const translations: Array<Record<string, string>> = rows.map(() => ({}));
  for (const [at, lineIndexes] of linesOf) {
    const made = parseJson<Record<string, string>>(utterances[at]!.translations, {});
    for (const [language, text] of Object.entries(made)) {
      if (!text) continue;
      const pieces = shareTranslation(text, lineIndexes.map((i) => rows[i]!.text));
      lineIndexes.forEach((lineIndex, k) => {
        if (pieces[k]) translations[lineIndex]![language] = pieces[k]!;
      });
    }
  }
  return rows.map((row, index) => {
    const line: SubtitleLine = toSubtitleLine(row);
    const own = translations[index]!;
    // The record's own translation wins for its language: the host may have corrected it.
    if (primary && row.translation) own[primary] = row.translation;
    return { ...line, translations: own };
  });
}

export interface MeetingShareExport {
  type?: ExportFormat;
  msgType?: ExportContent;
  lang?: string;
}

/** The participants' transcript file: the record's lines with the chosen translation language. */
export async function exportMeetingShare(db: Kysely<Database>, meeting: MeetingRow, request: MeetingShareExport, stale?: StaleLabels, mask?: TextMask): Promise<ExportedFile> {
  const languages = meetingLanguagesOf(meeting);
  const language = request.lang ? languages.offered(request.lang) : languages.defaultTranslation;
  if (request.lang && !language) throw languageNotOffered(request.lang);
  const segments = (await meetingShareLines(db, meeting, mask)).map((line) => ({
    id: line.id,
    startMs: line.startMs,
    endMs: line.endMs,
    text: line.text,
    speaker: line.speaker ?? null,
    translation: (language && line.translations[language]) || null,
    // Only the record's own language can be stale (an edit of the original after translating).
    translationStale: language === languages.defaultTranslation && line.translationStale === true,
    ...(line.words ? { words: line.words } : {}),
  }));
  return exportTranscript(meeting.name, segments, request.type ?? 'txt', {
    content: request.msgType ?? 'original',
    speakers: false,
    ...(stale ? { stale } : {}),
  });
}
