// The upload pipeline as one job: extract audio (16 kHz mono wav) → speech recognition → speaker
// recognition when asked → translation when asked. The record moves through transcribing →
// transcription_completed | transcription_err → translating → translation_completed |
// translation_err, with its progress column showing the percent done. Failures are stored as a
// message in the submitter's locale, rendered from the engine's own key (never invented text).
import type { Entitlements } from '../domain/entitlements/entitlements-service';
import { refundUpload } from '../domain/entitlements/upload-charges';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Locale } from '../../../src/shared/contract/limits';
import type { Clock } from '../clock';
import type { Database, RecordPipelineColumns, RecordState } from '../db/schema';
import { insertSegments, segmentRows, type SegmentInput } from '../domain/records/create-record';
import { EngineError } from '../engines/engine-errors';
import type { Engines } from '../engines/registry';
import { withTempDir } from '../engines/temp-dir';
import type { Transcript } from '../engines/types';
import { cutSpans } from '../domain/transcript/line-segmenter';
import type { ServerI18n } from '../i18n';
import type { MediaStore } from '../domain/storage/media-store.port';
import type { JobDefinition } from '../domain/jobs/job-queue.port';
import type { CompiledVocabulary } from '../domain/vocabulary/compiled-vocabulary';
import { translateWithTerms } from '../domain/vocabulary/term-protection';
import { applyVocabularyToTranscript } from '../domain/vocabulary/transcript-vocabulary';
import type { VocabularyInForce } from '../domain/vocabulary/vocabulary-in-force';

export const TRANSCRIBE_JOB = 'transcribe-upload';

export interface TranscribePayload {
  recordId: string;
  userId: string;
  locale: Locale;
  audioLanguage: string;
  translationLanguage: string | null;
  speaker: boolean;
  maxSpeakers: number;
}

export interface TranscriptionJobDeps {
  db: Kysely<Database>;
  clock: Clock;
  engines: Engines;
  store: MediaStore;
  i18n: ServerI18n;
  /** Refunds the attempt's charge when the transcription fails for good. */
  entitlements?: Entitlements;
  /** The owner's default vocabulary libraries (absent: none applies). */
  vocabulary?: VocabularyInForce;
}

/** Errors a retry cannot fix: no engine for the language, content that is not media. */
export function isPermanentEngineError(error: unknown): boolean {
  return error instanceof EngineError && (error.code === 'engine_unavailable' || error.code === 'invalid_media');
}

export function renderJobError(i18n: ServerI18n, locale: Locale, error: unknown): string {
  const t = i18n.translatorFor(locale) as unknown as (key: string, params?: Record<string, unknown>) => string;
  if (error instanceof EngineError) return t(error.key, { ...error.params });
  return t('uploads:jobFailed', { detail: error instanceof Error ? error.message.slice(0, 300) : String(error) });
}

export function transcriptionJob({ db, clock, engines, store, i18n, entitlements, vocabulary: inForce }: TranscriptionJobDeps): JobDefinition<TranscribePayload> {
  const records = db.withTables<{ records: RecordPipelineColumns }>();

  async function update(recordId: string, values: Partial<RecordPipelineColumns> & { state?: RecordState; audio_duration_ms?: number; duration_ms?: number }) {
    await records
      .updateTable('records')
      .set({ ...values, updated_at: clock.now().toISOString() })
      .where('id', '=', recordId)
      .execute();
  }

  async function recordExists(recordId: string): Promise<boolean> {
    return (await db.selectFrom('records').select('id').where('id', '=', recordId).executeTakeFirst()) !== undefined;
  }

  async function translate(payload: TranscribePayload, segments: SegmentInput[], signal: AbortSignal, vocabulary: CompiledVocabulary | null) {
    const target = payload.translationLanguage!;
    await update(payload.recordId, { state: 'translating', progress: 90, error_message: null });
    try {
      const translator = engines.translatorFor(payload.audioLanguage, target);
      const texts = segments.map((s) => s.text);
      const translated = texts.length > 0 ? await translateWithTerms(translator, texts, { from: payload.audioLanguage, to: target, signal }, vocabulary) : [];
      await db.transaction().execute(async (trx) => {
        const rows = await trx.selectFrom('record_segments').select(['id', 'position']).where('record_id', '=', payload.recordId).orderBy('position').execute();
        for (const row of rows) {
          await trx.updateTable('record_segments').set({ translation: translated[row.position] ?? null, translation_stale: 0 }).where('id', '=', row.id).execute();
        }
      });
      await update(payload.recordId, { state: 'translation_completed', progress: null });
    } catch (error) {
      if (signal.aborted) throw error;
      // The transcript stays; only the translation failed, so the job itself is done.
      await update(payload.recordId, { state: 'translation_err', progress: null, error_message: renderJobError(i18n, payload.locale, error) });
    }
  }

  return {
    kind: TRANSCRIBE_JOB,
    isPermanent: isPermanentEngineError,
    async run(payload, { reportProgress, signal }) {
      const progress = async (percent: number) => {
        await reportProgress(percent);
        await update(payload.recordId, { progress: percent });
      };
      if (!(await recordExists(payload.recordId))) return; // deleted meanwhile: nothing to do
      const file = await db.selectFrom('media_files').select(['object_name', 'duration_ms']).where('id', '=', payload.recordId).executeTakeFirst();
      if (!file) return;
      await update(payload.recordId, { state: 'transcribing', progress: 0, error_message: null });
      // A language without an engine fails here, before any work (and without a retry).
      const recognizer = engines.recognizerFor(payload.audioLanguage);
      const vocabulary = (await inForce?.forUpload(payload.userId)) ?? null;

      const segments = await withTempDir('pipeline', async (dir) => {
        const wav = path.join(dir, 'audio.wav');
        await engines.media.toWav16kMono(await store.mediaInput(file.object_name), wav, { signal });
        await progress(10);
        const recognised: Transcript = await recognizer.transcribe(wav, {
          language: payload.audioLanguage,
          signal,
          ...(vocabulary?.hints.length ? { hints: vocabulary.hints } : {}),
        });
        // Proper words corrected (after an engine that took no hints) and replacements made, before lines are cut.
        const transcript = vocabulary ? applyVocabularyToTranscript(recognised, vocabulary, { correct: !recognizer.takesHints }) : recognised;
        await progress(70);
        // Subtitle-grade lines (≤ 7 s, two rows) from the word timings, whatever the engine's segments.
        const lines = cutSpans(transcript.segments, payload.audioLanguage);
        let speakers: (string | null)[] = lines.map(() => null);
        if (payload.speaker && lines.length > 0) {
          const labels = await engines.diarizer.assign(
            wav,
            lines.map((s) => ({ startMs: s.startMs, endMs: s.endMs })),
            { maxSpeakers: payload.maxSpeakers, signal },
          );
          const t = i18n.translatorFor(payload.locale) as unknown as (key: string, params?: Record<string, unknown>) => string;
          speakers = labels.map((label) => t('uploads:speakerName', { number: label + 1 }));
          await progress(85);
        }
        return lines.map(
          (segment, index): SegmentInput => ({
            startMs: segment.startMs,
            endMs: segment.endMs,
            speaker: speakers[index] ?? null,
            text: segment.text,
            translation: null,
            words: segment.words.map((w) => ({ startMs: w.startMs, endMs: w.endMs, text: w.text })),
          }),
        );
      });

      if (!(await recordExists(payload.recordId))) return;
      await db.transaction().execute(async (trx) => {
        // A retried job starts over, so earlier rows of this record are replaced, never doubled.
        await trx.deleteFrom('record_segments').where('record_id', '=', payload.recordId).execute();
        await insertSegments(trx, segmentRows(payload.recordId, segments));
      });
      await inForce?.noteOnRecord(payload.recordId, vocabulary);
      await update(payload.recordId, {
        state: 'transcription_completed',
        progress: payload.translationLanguage ? 90 : null,
        audio_duration_ms: file.duration_ms,
        duration_ms: file.duration_ms,
      });
      if (payload.translationLanguage) await translate(payload, segments, signal, vocabulary);
    },
    async onFailed(payload, error) {
      // The user does not pay for work that failed, whether or not the record is still there.
      if (entitlements) await refundUpload(db, entitlements, payload.recordId);
      if (!(await recordExists(payload.recordId))) return;
      await update(payload.recordId, { state: 'transcription_err', progress: null, error_message: renderJobError(i18n, payload.locale, error) });
    },
  };
}
