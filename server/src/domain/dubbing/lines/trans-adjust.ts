// dubbingTransAdjust: makes the task's translations fit their lines' slots, measured, not guessed.
//
// What it does, exactly:
// 1. For every line with a translation (the task's own translation language), the spoken length is
//    measured: the line is synthesised with its speaker's voice, pitch and rate and leading/trailing
//    silence cut, as the voice-over does. Long tasks are pre-filtered: per voice, the ms per
//    character of the first measured lines (the highest seen) estimates the others, and a line
//    estimated under 75% of its limit is not synthesised.
// 2. A line fits when the voice-over's fitting (pipeline/fit-line.ts: speaking rate up to MAX_RATE,
//    then time-stretch up to MAX_STRETCH) can bring it inside its slot with no overrun:
//    spoken ≤ slot × (MAX_RATE / speaker rate) × MAX_STRETCH.
// 3. For a line that does not fit, shorter wordings are tried, least change first (condense.ts):
//    the translation tidied (spaces, repeated punctuation, ellipses), without asides in brackets or
//    dashes, spelled-out numbers as digits, hesitation words removed; then the source line with its
//    asides and hesitation words removed is translated again (with the owner's translation terms)
//    and that translation tried the same way. Each wording is measured; the first that fits is kept.
//    When none fits, the shortest measured wording is kept if it speaks at least 5% shorter, and
//    the line is marked: its overrunMs is the predicted overrun (> 0) after fitting.
// 4. It never lengthens a translation: padding it with words the speaker did not say would change
//    the meaning, and a short line already sits in its slot at natural speed (the rest is silence).
// 5. Changed translations are saved in one transaction holding the task, only on lines whose
//    translation and slot are still what was measured (an edit saved meanwhile wins). The answer is
//    the lines it changed or could not fit, each with the predicted overrunMs of its new wording.
import type { Kysely } from 'kysely';
import type { Clock } from '../../../clock';
import type { Database, DubSpeakerRow, RecordSegmentRow } from '../../../db/schema';
import { EngineUnavailableError } from '../../../engines/engine-errors';
import type { Engines } from '../../../engines/registry';
import type { SpeechSynthesizer, Translator } from '../../../engines/types';
import type { CompiledVocabulary } from '../../vocabulary/compiled-vocabulary';
import { translateWithTerms } from '../../vocabulary/term-protection';
import { engineErrorAnswer } from '../../transcript/transcript-service';
import { clipMs, toTrackClip, trimSilence } from '../pipeline/clip-audio';
import { MAX_RATE, MAX_STRETCH } from '../pipeline/fit-line';
import type { SpeakerVoice } from '../pipeline/voices';
import { numbersAsDigits, tidy, wordings, withoutFillers } from './condense';
import { dubNothingToAdjust } from './line-errors';
import { toDubLine, type SubtitleLine } from './line-view';
import { speakersOf, takesOf } from './read-lines';
import { assertEditable } from './save-lines';
import { dubLanguageOf, findOwnedDubTask, withDubTaskLocked } from '../task-access';
import { previewVoice } from './preview-line';

const MEASURE_CONCURRENCY = 2;
const CALIBRATION_LINES = 6;
const SKIP_BELOW_SHARE = 0.75;
const KEEP_IF_SHORTER_BY = 0.05;

export interface TransAdjustDeps {
  db: Kysely<Database>;
  clock: Clock;
  engines: Pick<Engines, 'synthesizerFor' | 'translatorFor'>;
  vocabulary: CompiledVocabulary | null;
}

/** The longest natural spoken length the voice-over fits into `slotMs` without overrun. */
export function fitLimitMs(slotMs: number, voice: Pick<SpeakerVoice, 'rate'>): number {
  return slotMs * (MAX_RATE / Math.max(voice.rate, 0.01)) * MAX_STRETCH;
}

export function predictedOverrunMs(spokenMs: number, slotMs: number, voice: Pick<SpeakerVoice, 'rate'>): number {
  const limit = fitLimitMs(slotMs, voice);
  return spokenMs <= limit ? 0 : Math.max(1, Math.ceil(spokenMs / (limit / slotMs) - slotMs));
}

/** Runs `work` over items, `limit` at a time, in order of results. */
async function pool<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

interface Plan {
  segment: RecordSegmentRow;
  voice: SpeakerVoice;
  slotMs: number;
  spokenMs: number;
  translation: string;
}

export async function adjustTranslations(deps: TransAdjustDeps, userId: string, taskId: string, signal?: AbortSignal): Promise<SubtitleLine[]> {
  const task = await findOwnedDubTask(deps.db, userId, taskId);
  assertEditable(task);
  const language = dubLanguageOf(task);
  const segments = (await deps.db.selectFrom('record_segments').selectAll().where('record_id', '=', task.id).orderBy('position').execute()).filter(
    (segment) => segment.translation !== null && segment.translation.trim() !== '' && segment.end_ms > segment.start_ms,
  );
  if (!segments.length) throw dubNothingToAdjust();
  const speakers = await speakersOf(deps.db, task.id);

  let synthesizer: SpeechSynthesizer;
  try {
    synthesizer = deps.engines.synthesizerFor(language);
  } catch (error) {
    throw engineErrorAnswer(error, 'transcripts:synthesisFailed');
  }
  const measure = async (text: string, voice: SpeakerVoice): Promise<number> => {
    try {
      const wav = await synthesizer.synthesize(text, { language, voice: voice.voice, pitch: voice.pitch, rate: voice.rate, signal });
      return clipMs(trimSilence(await toTrackClip(wav, 1, signal)));
    } catch (error) {
      throw engineErrorAnswer(error, 'transcripts:synthesisFailed');
    }
  };
  const voices = new Map<string, SpeakerVoice>();
  const voiceOf = (speaker: DubSpeakerRow | undefined) => {
    const key = speaker?.id ?? '';
    if (!voices.has(key)) voices.set(key, previewVoice(deps.engines, language, speaker));
    return voices.get(key)!;
  };

  // 1. Calibrate ms per character per voice on a few lines, then measure what may not fit.
  const msPerChar = new Map<string, number>();
  const lines = segments.map((segment) => ({ segment, voice: voiceOf(segment.speaker_id ? speakers.get(segment.speaker_id) : undefined), slotMs: segment.end_ms - segment.start_ms }));
  const calibration = new Set<RecordSegmentRow>();
  const perVoice = new Map<string, number>();
  for (const line of lines) {
    const seen = perVoice.get(line.voice.voice) ?? 0;
    if (seen < CALIBRATION_LINES) {
      calibration.add(line.segment);
      perVoice.set(line.voice.voice, seen + 1);
    }
  }
  const calibrated = await pool(
    lines.filter((line) => calibration.has(line.segment)),
    MEASURE_CONCURRENCY,
    async (line) => {
      const spokenMs = await measure(line.segment.translation!, line.voice);
      const rate = spokenMs / Math.max(1, [...line.segment.translation!].length);
      msPerChar.set(line.voice.voice, Math.max(msPerChar.get(line.voice.voice) ?? 0, rate));
      return [line.segment.id, spokenMs] as const;
    },
  );
  const measured = new Map<string, number>(calibrated);
  const toCheck = lines.filter((line) => {
    if (measured.has(line.segment.id)) return true;
    const estimate = (msPerChar.get(line.voice.voice) ?? Infinity) * [...line.segment.translation!].length;
    return estimate >= SKIP_BELOW_SHARE * fitLimitMs(line.slotMs, line.voice);
  });
  const plans: Plan[] = (
    await pool(toCheck, MEASURE_CONCURRENCY, async (line) => {
      const spokenMs = measured.get(line.segment.id) ?? (await measure(line.segment.translation!, line.voice));
      return { ...line, spokenMs, translation: line.segment.translation! };
    })
  ).filter((plan) => plan.spokenMs > fitLimitMs(plan.slotMs, plan.voice));

  // 2. Shorter wordings for the lines that overrun.
  let translator: Translator | null = null;
  try {
    translator = deps.engines.translatorFor(task.audio_language, language);
  } catch (error) {
    if (!(error instanceof EngineUnavailableError)) throw error;
  }
  const adjusted = await pool(plans, MEASURE_CONCURRENCY, async (plan) => {
    const limit = fitLimitMs(plan.slotMs, plan.voice);
    const { translationVariants, condensedSource } = wordings(plan.segment.text, task.audio_language, plan.translation, language);
    let best = { text: plan.translation, spokenMs: plan.spokenMs };
    const tryWording = async (text: string): Promise<boolean> => {
      const spokenMs = await measure(text, plan.voice);
      if (spokenMs < best.spokenMs) best = { text, spokenMs };
      return spokenMs <= limit;
    };
    for (const text of translationVariants) if (await tryWording(text)) return { plan, ...best };
    if (translator && condensedSource) {
      const [retranslated] = await translateWithTerms(translator, [condensedSource], { from: task.audio_language, to: language, signal }, deps.vocabulary).catch(
        () => [undefined],
      );
      const fresh = retranslated ? tidy(retranslated) : '';
      const again = fresh ? [fresh, withoutFillers(numbersAsDigits(fresh, language), language)] : [];
      for (const text of [...new Set(again)].filter((t) => t && t !== plan.translation)) if (await tryWording(text)) return { plan, ...best };
    }
    const worthIt = best.text !== plan.translation && best.spokenMs <= plan.spokenMs * (1 - KEEP_IF_SHORTER_BY);
    return { plan, text: worthIt ? best.text : plan.translation, spokenMs: worthIt ? best.spokenMs : plan.spokenMs };
  });

  // 3. Save what changed, where nobody edited the line meanwhile; answer changed and unfit lines.
  return withDubTaskLocked(deps.db, userId, task.id, async (trx, locked) => {
    assertEditable(locked);
    const overrun = new Map<string, number>();
    const kept = new Set<string>();
    for (const { plan, text, spokenMs } of adjusted) {
      if (text !== plan.translation) {
        const result = await trx
          .updateTable('record_segments')
          .set({ translation: text, translation_stale: 0 })
          .where('id', '=', plan.segment.id)
          .where('translation', '=', plan.translation)
          .where('start_ms', '=', plan.segment.start_ms)
          .where('end_ms', '=', plan.segment.end_ms)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) continue;
      }
      kept.add(plan.segment.id);
      overrun.set(plan.segment.id, predictedOverrunMs(spokenMs, plan.slotMs, plan.voice));
    }
    if (!kept.size) return [];
    const now = deps.clock.now().toISOString();
    await trx.updateTable('dub_tasks').set({ updated_at: now }).where('id', '=', task.id).execute();
    await trx.updateTable('records').set({ updated_at: now }).where('id', '=', task.id).execute();
    const ids = [...kept];
    const rows: RecordSegmentRow[] = [];
    for (let start = 0; start < ids.length; start += 500) {
      rows.push(...(await trx.selectFrom('record_segments').selectAll().where('id', 'in', ids.slice(start, start + 500)).execute()));
    }
    rows.sort((a, b) => a.position - b.position);
    const context = { ownLanguage: true, speakers: await speakersOf(trx, task.id), takes: await takesOf(trx, task.id, language, ids) };
    return rows.map((row) => ({ ...toDubLine(row, context), overrunMs: overrun.get(row.id) ?? 0 }));
  });
}
