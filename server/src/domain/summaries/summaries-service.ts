// AI summaries of a record, stored per record and language: mediaSummary generates (or refreshes,
// at most once per SUMMARY_REFRESH_SECONDS), queryMediaSummary reads (owner or share holder),
// mediaFixedCountSummary summarises the latest lines in N sentences without storing, and the
// template download writes the stored summary into a Word file. The engine is the registry's
// summarizer: extractive by default, the OpenAI-compatible chat adapter when SUMMARY_URL is set.
import type { Kysely } from 'kysely';
import type { components } from '../../../../src/api/schema';
import { SUMMARY_KEY_POINTS, SUMMARY_REFRESH_SECONDS, SUMMARY_SENTENCES_DEFAULT } from '../../../../src/shared/contract/limits';
import type { Clock } from '../../clock';
import type { Database } from '../../db/schema';
import { splitSentences } from '../../engines/extractive-summarizer';
import type { Engines } from '../../engines/registry';
import { AppError } from '../../errors';
import type { ServerT } from '../../i18n';
import { safeFileName, type ExportedFile } from '../exports/export-transcript';
import { findOwnedRecord, findRecordForReader } from '../records/record-access';
import type { RecordSummariesTable, TranscriptTables } from '../transcript/transcript-tables';
import { engineErrorAnswer } from '../transcript/transcript-service';
import { translate } from '../transcript/translate';
import { summaryDocx } from './summary-docx';
import { summaryLanguage, summarySource } from './summary-text';

export type SummaryView = components['schemas']['Summary'];

const nothingToSummarize = () => new AppError(400, 'transcripts:nothingToSummarize');
const summaryMissing = () => new AppError(404, 'transcripts:summaryMissing');
const refreshTooSoon = (seconds: number) => new AppError(429, 'transcripts:summaryRefreshTooSoon', { seconds });

function parseList(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

export function createSummariesService({ db, clock, engines }: { db: Kysely<Database>; clock: Clock; engines: Engines }) {
  const tables = db.withTables<TranscriptTables>();

  function nextRefreshAt(row: RecordSummariesTable): Date | null {
    // Only a completed summary starts the countdown: a failed one may be retried at once.
    if (row.state !== 'completed') return null;
    return new Date(Date.parse(row.generated_at) + SUMMARY_REFRESH_SECONDS * 1000);
  }

  function toView(row: RecordSummariesTable): SummaryView {
    const next = nextRefreshAt(row);
    const secondsLeft = next ? Math.max(0, Math.ceil((next.getTime() - clock.now().getTime()) / 1000)) : 0;
    return {
      transId: row.record_id,
      lang: row.lang,
      state: row.state,
      content: row.content,
      keyPoints: parseList(row.key_points),
      errorMessage: row.error_message,
      updateTime: row.updated_at,
      nextRefreshTime: next ? next.toISOString() : null,
      refreshAfterSeconds: secondsLeft,
    };
  }

  const stored = (recordId: string, lang: string) =>
    tables.selectFrom('record_summaries').selectAll().where('record_id', '=', recordId).where('lang', '=', lang).executeTakeFirst();

  const segmentsOf = (recordId: string) =>
    db.selectFrom('record_segments').selectAll().where('record_id', '=', recordId).orderBy('position').execute();

  async function summarize(text: string, language: string, sentences: number): Promise<{ content: string; keyPoints: string[] }> {
    const content = await engines.summarizer.summarize(text, { language, sentences });
    const points = await engines.summarizer.summarize(text, { language, sentences: SUMMARY_KEY_POINTS });
    return { content, keyPoints: splitSentences(points, language).slice(0, SUMMARY_KEY_POINTS) };
  }

  return {
    async generate(userId: string, input: { transId: string; lang?: string }, t: ServerT): Promise<SummaryView> {
      const record = await findOwnedRecord(db, userId, input.transId);
      const lang = summaryLanguage(record, input.lang);
      const existing = await stored(record.id, lang);
      const next = existing && nextRefreshAt(existing);
      if (next && next.getTime() > clock.now().getTime()) {
        throw refreshTooSoon(Math.ceil((next.getTime() - clock.now().getTime()) / 1000));
      }
      const text = summarySource(record, await segmentsOf(record.id), lang);
      if (!text) throw nothingToSummarize();

      const startedAt = clock.now().toISOString();
      const base = { record_id: record.id, lang, engine: engines.summarizer.id, generated_at: startedAt, updated_at: startedAt };
      const save = async (values: Pick<RecordSummariesTable, 'state' | 'content' | 'key_points' | 'error_message'>) => {
        const row = { ...base, ...values, updated_at: clock.now().toISOString() };
        await tables
          .insertInto('record_summaries')
          .values(row)
          .onConflict((oc) => oc.columns(['record_id', 'lang']).doUpdateSet({ ...values, engine: row.engine, generated_at: row.generated_at, updated_at: row.updated_at }))
          .execute();
        return row;
      };
      // Readers polling queryMediaSummary see 'generating' while a slow remote engine works.
      await save({ state: 'generating', content: existing?.content ?? '', key_points: existing?.key_points ?? '[]', error_message: null });
      try {
        const { content, keyPoints } = await summarize(text, lang, SUMMARY_SENTENCES_DEFAULT);
        return toView(await save({ state: 'completed', content, key_points: JSON.stringify(keyPoints), error_message: null }));
      } catch (error) {
        const answer = engineErrorAnswer(error, 'transcripts:summaryFailed');
        await save({ state: 'failed', content: '', key_points: '[]', error_message: translate(t, answer.messageKey, answer.params) });
        throw answer;
      }
    },

    /** null when no summary was made yet in that language. */
    async read(userId: string | null, input: { transId: string; lang?: string; shareCode?: string; meetingId?: string }): Promise<SummaryView | null> {
      const { row: record } = await findRecordForReader(db, clock, { id: input.transId, userId, shareCode: input.shareCode, meetingId: input.meetingId });
      const row = await stored(record.id, summaryLanguage(record, input.lang));
      return row ? toView(row) : null;
    },

    /** The latest `count` lines in `sentences` sentences; computed on each call, not stored. */
    async fixedCount(userId: string, input: { transId: string; count?: number; lang?: string; sentences?: number }): Promise<SummaryView> {
      const record = await findOwnedRecord(db, userId, input.transId);
      const lang = summaryLanguage(record, input.lang);
      const segments = await segmentsOf(record.id);
      const latest = segments.slice(-(input.count ?? segments.length));
      const text = summarySource(record, latest, lang);
      if (!text) throw nothingToSummarize();
      const sentences = input.sentences ?? SUMMARY_SENTENCES_DEFAULT;
      let content: string;
      try {
        content = await engines.summarizer.summarize(text, { language: lang, sentences });
      } catch (error) {
        throw engineErrorAnswer(error, 'transcripts:summaryFailed');
      }
      const now = clock.now().toISOString();
      return {
        transId: record.id,
        lang,
        state: 'completed',
        content,
        keyPoints: splitSentences(content, lang),
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
        keyPoints: parseList(summary.key_points),
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
