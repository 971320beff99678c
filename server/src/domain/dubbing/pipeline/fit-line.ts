// The per-line timing budget. A dubbed line must fit the time the original line took: first the
// synthesiser speaks faster (up to MAX_RATE, sounds natural), then the clip is time-stretched (up to
// MAX_STRETCH more, audible but intelligible); whatever still exceeds the slot is the line's overrun,
// reported rather than hidden, so the editor can shorten the translation.
import type { SpeechSynthesizer } from '../../../engines/types';
import { encodeWav } from '../../../engines/wav';
import { clipMs, toTrackClip, trimSilence, TRACK_RATE } from './clip-audio';
import type { SpeakerVoice } from './voices';

export const MAX_RATE = 1.6;
export const MAX_STRETCH = 1.3;
/** Aim slightly short of the slot: the measured length after a rate change is not exact. */
const SAFETY = 0.97;

export interface FittedLine {
  samples: Int16Array;
  rate: number;
  stretch: number;
  overrunMs: number;
}

export async function fitLine(
  synthesizer: SpeechSynthesizer,
  text: string,
  slotMs: number,
  voice: SpeakerVoice,
  language: string,
  signal?: AbortSignal,
): Promise<FittedLine> {
  const speak = async (rate: number) =>
    trimSilence(await toTrackClip(await synthesizer.synthesize(text, { language, voice: voice.voice, pitch: voice.pitch, rate, signal }), 1, signal));
  let rate = voice.rate;
  let samples = await speak(rate);
  if (clipMs(samples) > slotMs) {
    rate = Math.min(MAX_RATE, voice.rate * (clipMs(samples) / (slotMs * SAFETY)));
    samples = await speak(rate);
  }
  let stretch = 1;
  if (clipMs(samples) > slotMs) {
    stretch = Math.min(MAX_STRETCH, clipMs(samples) / (slotMs * SAFETY));
    samples = trimSilence(await toTrackClip(encodeWav(samples, TRACK_RATE), stretch, signal));
  }
  return { samples, rate, stretch, overrunMs: Math.max(0, Math.round(clipMs(samples) - slotMs)) };
}
