// dubbingPreviewLine: the editor's "hear this line" (issue 13 §2). The text sent (possibly an
// unsaved edit) is voiced with the speaker's remembered voice, pitch and rate and fitted to the slot
// [startMs, endMs] exactly as the voice-over would (pipeline/fit-line.ts: faster speech first, then
// time-stretch, the rest reported as overrun). Nothing is saved and nothing is charged.
//
// Synthesis costs CPU on a small server, so each user may have DUB_PREVIEWS_IN_FLIGHT previews in
// progress and start DUB_PREVIEWS_PER_MINUTE per minute; beyond that the call is refused with a
// translated 429 at once (counted before any work, so a parallel burst cannot slip through). The
// counters are per server instance: previews are cheap enough that a shared store is not needed.
import type { Kysely } from 'kysely';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { DUB_PREVIEWS_IN_FLIGHT, DUB_PREVIEWS_PER_MINUTE } from '../../../../../src/shared/contract/dub-limits';
import type { Database, DubSpeakerRow } from '../../../db/schema';
import type { Engines } from '../../../engines/registry';
import { encodeWav } from '../../../engines/wav';
import { engineErrorAnswer } from '../../transcript/transcript-service';
import { TRACK_RATE } from '../pipeline/clip-audio';
import { fitLine } from '../pipeline/fit-line';
import type { SpeakerVoice } from '../pipeline/voices';
import { dubPreviewBusy, dubPreviewSlotEmpty, dubPreviewTooMany, dubSpeakerNotFound } from './line-errors';
import { dubLanguageOf, findOwnedDubTask } from '../task-access';
import { voicesFor } from './voices';

export interface PreviewLineInput {
  id: string;
  lang?: string | undefined;
  speakerId?: string | null | undefined;
  text: string;
  startMs: number;
  endMs: number;
}

export interface PreviewedLine {
  wav: Buffer;
  overrunMs: number;
  rate: number;
  stretch: number;
}

const inFlight = new Map<string, number>();
const perMinute = new RateLimiterMemory({ keyPrefix: 'dub-preview', points: DUB_PREVIEWS_PER_MINUTE, duration: 60 });

/** The speaker's voice in `language`; a speaker remembered for another language gets a voice of the same gender there. */
export function previewVoice(engines: Pick<Engines, 'synthesizerFor'>, language: string, speaker: DubSpeakerRow | undefined): SpeakerVoice {
  const voices = voicesFor(engines, language);
  const own = speaker && voices.find((v) => v.id === speaker.voice);
  const sameGender = speaker && voices.find((v) => v.gender === speaker.gender);
  const voice = own ?? sameGender ?? voices[0];
  return {
    id: speaker?.number ?? 0,
    name: speaker?.name ?? '',
    voice: voice?.id ?? '',
    pitch: speaker?.pitch ?? 50,
    rate: speaker?.rate ?? 1,
    gender: speaker?.gender ?? 'male',
    sourcePitchHz: speaker?.source_pitch_hz ?? null,
  };
}

async function admit(userId: string): Promise<() => void> {
  const running = inFlight.get(userId) ?? 0;
  if (running >= DUB_PREVIEWS_IN_FLIGHT) throw dubPreviewBusy(DUB_PREVIEWS_IN_FLIGHT);
  inFlight.set(userId, running + 1);
  const release = () => {
    const left = (inFlight.get(userId) ?? 1) - 1;
    if (left > 0) inFlight.set(userId, left);
    else inFlight.delete(userId);
  };
  try {
    await perMinute.consume(userId);
  } catch (error) {
    release();
    if (error instanceof Error) throw error;
    throw dubPreviewTooMany(DUB_PREVIEWS_PER_MINUTE);
  }
  return release;
}

export async function previewLine(
  deps: { db: Kysely<Database>; engines: Pick<Engines, 'synthesizerFor'> },
  userId: string,
  input: PreviewLineInput,
  signal?: AbortSignal,
): Promise<PreviewedLine> {
  if (input.endMs <= input.startMs) throw dubPreviewSlotEmpty();
  const task = await findOwnedDubTask(deps.db, userId, input.id);
  let speaker: DubSpeakerRow | undefined;
  if (input.speakerId) {
    speaker = await deps.db.selectFrom('dub_speakers').selectAll().where('id', '=', input.speakerId).where('task_id', '=', task.id).executeTakeFirst();
    if (!speaker) throw dubSpeakerNotFound();
  }
  const language = input.lang ?? dubLanguageOf(task);
  const release = await admit(userId);
  try {
    const synthesizer = deps.engines.synthesizerFor(language);
    const fitted = await fitLine(synthesizer, input.text, input.endMs - input.startMs, previewVoice(deps.engines, language, speaker), language, signal);
    return { wav: encodeWav(fitted.samples, TRACK_RATE), overrunMs: fitted.overrunMs, rate: fitted.rate, stretch: fitted.stretch };
  } catch (error) {
    throw engineErrorAnswer(error, 'transcripts:synthesisFailed');
  } finally {
    release();
  }
}
