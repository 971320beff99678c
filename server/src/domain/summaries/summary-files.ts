// The summary download (/ai/summaryTemplate/download): the stored summary as the Word template or as
// plain text, with every part the summary has (key points, decisions, action items, keywords,
// language, note). Read through the summaries service, so the owner, a share-code holder and a
// meeting's participants (while sharing is open) read exactly what queryMediaSummary gives them.
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import type { ServerT } from '../../i18n';
import { safeFileName, type ExportedFile } from '../exports/export-transcript';
import { maskSummary, type TextMask } from '../meetings/meeting-share-record';
import { findRecordForReader } from '../records/record-access';
import { translate } from '../transcript/translate';
import { summaryDocx, summaryPlainText, type SummaryDocument } from './summary-docx';
import type { SummariesService, SummaryView } from './summaries-service';

export type SummaryFileFormat = 'docx' | 'txt';

export interface SummaryFileInput {
  transId: string;
  lang?: string | undefined;
  shareCode?: string | undefined;
  meetingId?: string | undefined;
  format?: SummaryFileFormat | undefined;
}

const summaryMissing = () => new AppError(404, 'transcripts:summaryMissing');

/** The document's words in the reader's language; the summary's own text stays as written. */
export function summaryDocumentOf(view: SummaryView, title: string, t: ServerT, languageName: (code: string) => string): SummaryDocument {
  const time = (view.updateTime ?? '').replace('T', ' ').slice(0, 16);
  const lang = view.lang ?? null;
  const translated = lang && view.sourceLang && view.sourceLang.toLowerCase() !== lang.toLowerCase();
  return {
    title,
    generatedLine: translate(t, 'transcripts:summaryGeneratedAt', { time: `${time} UTC` }),
    languageLine: lang
      ? translated
        ? translate(t, 'transcripts:summaryTranslatedFrom', { language: languageName(lang), source: languageName(view.sourceLang!) })
        : translate(t, 'transcripts:summaryWrittenIn', { language: languageName(lang) })
      : undefined,
    summaryHeading: translate(t, 'transcripts:summaryHeading'),
    summary: view.content,
    keyPointsHeading: translate(t, 'transcripts:keyPointsHeading'),
    keyPoints: view.keyPoints ?? [],
    decisionsHeading: translate(t, 'transcripts:decisionsHeading'),
    decisions: view.decisions ?? [],
    actionItemsHeading: translate(t, 'transcripts:actionItemsHeading'),
    actionItems: view.actionItems ?? [],
    keywordsHeading: translate(t, 'transcripts:keywordsHeading'),
    keywords: view.keywords ?? [],
    note: view.note ?? null,
  };
}

export async function summaryFile(
  deps: { db: Kysely<Database>; clock: Clock; summaries: Pick<SummariesService, 'read'>; mask?: TextMask | undefined },
  userId: string | null,
  input: SummaryFileInput,
  t: ServerT,
  locale: string,
): Promise<ExportedFile> {
  const reader = { transId: input.transId, lang: input.lang, shareCode: input.shareCode, meetingId: input.meetingId };
  const read = await deps.summaries.read(userId, reader);
  if (!read || read.state !== 'completed') throw summaryMissing();
  // A meeting's reader other than the host gets the summary and the title with sensitive words masked.
  const mask = deps.mask ?? ((text: string) => text);
  const view = deps.mask ? maskSummary(read, deps.mask) : read;
  const { row: record } = await findRecordForReader(deps.db, deps.clock, { id: input.transId, userId, shareCode: input.shareCode, meetingId: input.meetingId });
  const names = (() => {
    try {
      return new Intl.DisplayNames([locale], { type: 'language' });
    } catch {
      return null;
    }
  })();
  const title = mask(record.show_name);
  const doc = summaryDocumentOf(view, title, t, (code) => names?.of(code) ?? code);
  const name = `${safeFileName(title)} - ${translate(t, 'transcripts:summaryFileSuffix')}`;
  if (input.format === 'txt') return { fileName: `${name}.txt`, contentType: 'text/plain; charset=utf-8', body: Buffer.from(summaryPlainText(doc), 'utf8') };
  return { fileName: `${name}.docx`, contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', body: await summaryDocx(doc) };
}
