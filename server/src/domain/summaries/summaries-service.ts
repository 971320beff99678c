// AI summaries of a record, stored per record and language: mediaSummary generates (or refreshes,
// at most once per SUMMARY_REFRESH_SECONDS), queryMediaSummary reads (owner or share holder),
// mediaFixedCountSummary summarises the latest lines without storing, and the template download
// writes the stored summary into a Word file. The engine is the registry's summarizer: the offline
// one by default; with SUMMARY_URL the chat model, with the offline one standing in when it fails
// (the summary then carries a translated note). A summary in another language than the transcript's
// is translated by the registry's translator (summary-translation.ts).
import type { Kysely } from 'kysely';
import { SUMMARY_SENTENCES_DEFAULT } from '../../../../src/shared/contract/limits';
import type { Clock } from '../../clock';
import type { Database } from '../../db/schema';
import type { Engines } from '../../engines/registry';
import { hasSummarizableContent } from '../../engines/summarizer/offline-summarizer';
import type { StructuredSummary, Translator } from '../../engines/types';
import { AppError } from '../../errors';
import type { ServerT } from '../../i18n';
import { safeFileName, type ExportedFile } from '../exports/export-transcript';
import { findOwnedRecord, findRecordForReader } from '../records/record-access';
import type { TranscriptTables } from '../transcript/transcript-tables';
import { engineErrorAnswer } from '../transcript/transcript-service';
import { translate } from '../transcript/translate';
import { summaryDocx } from './summary-docx';
import { nextRefreshAt, parseStrings, toView, type SummaryRow, type SummaryView } from './summary-rows';
import { linesHash, summaryLanguage, summarySource, type SummarySource } from './summary-text';
import { translateSummary, translatorForSummary } from './summary-translation';

export type { SummaryView } from './summary-rows';

const nothingToSummarize = () => new AppError(400, 'transcripts:nothingToSummarize');
const onlyFillers = () => new AppError(400, 'transcripts:nothingMeaningfulToSummarize');
const summaryMissing = () => new AppError(404, 'transcripts:summaryMissing');
const refreshTooSoon = (seconds: number) => new AppError(429, 'transcripts:summaryRefreshTooSoon', { seconds });

export function createSummariesService({ db, clock, engines }: { db: Kysely<Database>; clock: Clock; engines: Engines }) {
  const tables = db.withTables<TranscriptTables>();

  const stored = (recordId: string, lang: string) =>
    tables.selectFrom('record_summaries').selectAll().where('record_id', '=', recordId).where('lang', '=', lang).executeTakeFirst();

  const segmentsOf = (recordId: string) =>
    db.selectFrom('record_segments').selectAll().where('record_id', '=', recordId).orderBy('position').execute();

  /** Refuses what cannot be summarised before any engine runs: no text, only fillers, no translator. */
  function checkSummarizable(source: SummarySource) {
    const translator = source.needsTranslation ? translatorForSummary(engines, source.sourceLang, source.lang) : null;
    if (!source.lines.length) throw nothingToSummarize();
    if (!hasSummarizableContent(source.lines, source.sourceLang)) throw onlyFillers();
    return translator;
  }

  async function summarize(source: SummarySource, translator: Translator | null, sentences?: number): Promise<StructuredSummary> {
    const made = await engines.summarizer.summarize(source.lines, { language: source.sourceLang, sentences });
    return translator ? translateSummary(made, translator, source.sourceLang, source.lang) : made;
  }

  const noteFor = (made: StructuredSummary, t: ServerT) => (made.fallbackReason ? translate(t, 'transcripts:summaryOfflineFallback') : null);

  return {
    async generate(userId: string, input: { transId: string; lang?: string }, t: ServerT): Promise<SummaryView> {
      const record = await findOwnedRecord(db, userId, input.transId);
      const source = summarySource(record, await segmentsOf(record.id), summaryLanguage(record, input.lang));
      const lang = source.lang;
      const translator = checkSummarizable(source);
      const existing = await stored(record.id, lang);
      const next = existing && nextRefreshAt(existing);
      if (next && next.getTime() > clock.now().getTime()) {
        throw refreshTooSoon(Math.ceil((next.getTime() - clock.now().getTime()) / 1000));
      }

      const startedAt = clock.now().toISOString();
      const hash = linesHash(source.lines);
      const base = { record_id: record.id, lang, engine: engines.summarizer.id, generated_at: startedAt, updated_at: startedAt };
      type Values = Omit<SummaryRow, 'record_id' | 'lang' | 'engine' | 'generated_at' | 'updated_at'>;
      const save = async (values: Values) => {
        const row: SummaryRow = { ...base, ...values, updated_at: clock.now().toISOString() };
        await tables
          .insertInto('record_summaries')
          .values(row)
          .onConflict((oc) => oc.columns(['record_id', 'lang']).doUpdateSet({ ...values, engine: row.engine, generated_at: row.generated_at, updated_at: row.updated_at }))
          .execute();
        return row;
      };
      const keep = {
        content: existing?.content ?? '',
        key_points: existing?.key_points ?? '[]',
        decisions: existing?.decisions ?? '[]',
        action_items: existing?.action_items ?? '[]',
        keywords: existing?.keywords ?? '[]',
        source_lang: existing?.source_lang ?? null,
        engine_kind: existing?.engine_kind ?? null,
        note: existing?.note ?? null,
        transcript_hash: existing?.transcript_hash ?? null,
      };
      // Readers polling queryMediaSummary see 'generating' while a slow remote engine works.
      await save({ ...keep, state: 'generating', error_message: null });
      try {
        const made = await summarize(source, translator);
        const row = await save({
          state: 'completed',
          content: made.summary,
          key_points: JSON.stringify(made.keyPoints),
          decisions: JSON.stringify(made.decisions),
          action_items: JSON.stringify(made.actionItems),
          keywords: JSON.stringify(made.keywords),
          source_lang: source.sourceLang,
          engine_kind: made.engine,
          note: noteFor(made, t),
          transcript_hash: hash,
          error_message: null,
        });
        return toView(row, clock.now(), hash);
      } catch (error) {
        const answer = error instanceof AppError ? error : engineErrorAnswer(error, 'transcripts:summaryFailed');
        await save({ ...keep, state: 'failed', content: '', key_points: '[]', error_message: translate(t, answer.messageKey, answer.params) });
        throw answer;
      }
    },

    /** null when no summary was made yet in that language. */
    async read(userId: string | null, input: { transId: string; lang?: string; shareCode?: string; meetingId?: string }): Promise<SummaryView | null> {
      const { row: record } = await findRecordForReader(db, clock, { id: input.transId, userId, shareCode: input.shareCode, meetingId: input.meetingId });
      const lang = summaryLanguage(record, input.lang);
      const row = await stored(record.id, lang);
      if (!row) return null;
      const current = linesHash(summarySource(record, await segmentsOf(record.id), lang).lines);
      return toView(row, clock.now(), current);
    },

    /** The latest `count` lines in at most `sentences` sentences; computed on each call, not stored. */
    async fixedCount(userId: string, input: { transId: string; count?: number; lang?: string; sentences?: number }, t?: ServerT): Promise<SummaryView> {
      const record = await findOwnedRecord(db, userId, input.transId);
      const segments = await segmentsOf(record.id);
      const latest = segments.slice(-(input.count ?? segments.length));
      const source = summarySource(record, latest, summaryLanguage(record, input.lang));
      const translator = checkSummarizable(source);
      let made: StructuredSummary;
      try {
        made = await summarize(source, translator, input.sentences ?? SUMMARY_SENTENCES_DEFAULT);
      } catch (error) {
        throw error instanceof AppError ? error : engineErrorAnswer(error, 'transcripts:summaryFailed');
      }
      const now = clock.now().toISOString();
      return {
        transId: record.id,
        lang: source.lang,
        state: 'completed',
        content: made.summary,
        keyPoints: made.keyPoints,
        decisions: made.decisions,
        actionItems: made.actionItems,
        keywords: made.keywords,
        sourceLang: source.sourceLang,
        engine: made.engine,
        note: t ? noteFor(made, t) : null,
        transcriptChanged: false,
        errorMessage: null,
        updateTime: now,
        nextRefreshTime: null,
        refreshAfterSeconds: 0,
      };
    },

    async templateDocx(userId: string | null, input: { transId: string; lang?: string; shareCode?: string; meetingId?: string }, t: ServerT): Promise<ExportedFile> {
      const { row: record } = await findRecordForReader(db, clock, { id: input.transId, userId, shareCode: input.shareCode, meetingId: input.meetingId });
      const summary = await stored(record.id, summaryLanguage(record, input.lang));
      if (!summary || summary.state !== 'completed') throw summaryMissing();
      const body = await summaryDocx({
        title: record.show_name,
        generatedLine: translate(t, 'transcripts:summaryGeneratedAt', { time: summary.generated_at.replace('T', ' ').slice(0, 16) + ' UTC' }),
        summaryHeading: translate(t, 'transcripts:summaryHeading'),
        summary: summary.content,
        keyPointsHeading: translate(t, 'transcripts:keyPointsHeading'),
        keyPoints: parseStrings(summary.key_points),
      });
      return {
        fileName: `${safeFileName(record.show_name)} - ${translate(t, 'transcripts:summaryFileSuffix')}.docx`,
        contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        body,
      };
    },
  };
}

export type SummariesService = ReturnType<typeof createSummariesService>;


