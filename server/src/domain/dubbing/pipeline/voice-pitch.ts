// "Original voice tone" (features §1, issue 25 §2): the dub voice speaks near the source speaker's
// median F0. A synthesiser's pitch setting (0..99) is no frequency and every voice maps it its own
// way (measured: es+m3 76/104/172 Hz at 0/50/99, es+f2 128/192/315 Hz), so each voice is measured
// once at three settings on a short phrase and the setting is interpolated in log frequency
// (semitones) to land on the speaker's pitch. An engine that ignores the setting measures flat and
// keeps its own pitch (50).
import { isClonedVoice } from '../../../engines/cloned-voice';
import { decodeWav } from '../../../engines/wav';
import type { SpeechSynthesizer } from '../../../engines/types';
import { estimatePitchHz } from './pitch';
import type { SpeakerVoice } from './voices';

const PROBES = [0, 50, 99] as const;
// Digits are read in the voice's own language by every engine, so one phrase serves all languages.
const PHRASE = '1 2 3 4 5 6 7 8 9 10';

export interface PitchPoint {
  setting: number;
  hz: number;
}

const responses = new Map<string, Promise<PitchPoint[]>>();

async function measure(synthesizer: SpeechSynthesizer, language: string, voice: string, signal?: AbortSignal): Promise<PitchPoint[]> {
  const points: PitchPoint[] = [];
  for (const setting of PROBES) {
    const audio = decodeWav(await synthesizer.synthesize(PHRASE, { language, voice, pitch: setting, signal }));
    const hz = estimatePitchHz(audio.samples, audio.sampleRate, [{ startMs: 0, endMs: (audio.samples.length / audio.sampleRate / audio.channels) * 1000 }]);
    if (hz !== null) points.push({ setting, hz });
  }
  return points;
}

/** How the voice's F0 follows the pitch setting; measured once per process and voice. */
export function voicePitchResponse(synthesizer: SpeechSynthesizer, language: string, voice: string, signal?: AbortSignal): Promise<PitchPoint[]> {
  const key = `${synthesizer.id}\u0000${language}\u0000${voice}`;
  let known = responses.get(key);
  if (!known) {
    known = measure(synthesizer, language, voice, signal);
    responses.set(key, known);
    // A failed or aborted measurement is not remembered: the next dub measures again.
    known.catch(() => responses.delete(key));
  }
  return known;
}

const semitones = (hz: number) => 12 * Math.log2(hz);

/** The setting (0..99) whose F0 is nearest `targetHz` along the measured points; 50 when the voice does not follow the setting. */
export function settingForPitch(points: readonly PitchPoint[], targetHz: number): number {
  const sorted = [...points].sort((a, b) => a.setting - b.setting);
  // Under a semitone from lowest to highest setting: the engine ignores it.
  if (sorted.length < 2 || semitones(sorted.at(-1)!.hz) - semitones(sorted[0]!.hz) < 1) return 50;
  const target = semitones(targetHz);
  if (target <= semitones(sorted[0]!.hz)) return sorted[0]!.setting;
  if (target >= semitones(sorted.at(-1)!.hz)) return sorted.at(-1)!.setting;
  for (let i = 1; i < sorted.length; i++) {
    const [low, high] = [sorted[i - 1]!, sorted[i]!];
    const [a, b] = [semitones(low.hz), semitones(high.hz)];
    if (target <= b && b > a) return Math.round(low.setting + ((target - a) / (b - a)) * (high.setting - low.setting));
  }
  return 50;
}

/** Each speaker's pitch setting moved to their measured median F0 (speakers without one keep theirs). */
export async function matchSpeakerPitch(
  synthesizer: SpeechSynthesizer,
  language: string,
  speakers: readonly SpeakerVoice[],
  signal?: AbortSignal,
): Promise<SpeakerVoice[]> {
  const matched: SpeakerVoice[] = [];
  for (const speaker of speakers) {
    // A cloned voice already speaks in the speaker's own tone (and each probe would be a paid call).
    if (speaker.sourcePitchHz === null || !speaker.voice || isClonedVoice(speaker.voice)) {
      matched.push(speaker);
      continue;
    }
    const points = await voicePitchResponse(synthesizer, language, speaker.voice, signal);
    matched.push({ ...speaker, pitch: settingForPitch(points, speaker.sourcePitchHz) });
  }
  return matched;
}
