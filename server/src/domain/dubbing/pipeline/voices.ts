// One voice per speaker for the whole task. Gender from the speaker's median pitch (165 Hz is the
// usual boundary between typical male and female speaking pitch), a voice of that gender from the
// synthesiser, different speakers spread over the voices and over pitch, so two people never sound
// alike where the engine allows; the espeak pitch follows the measured one. A re-dub passes the
// previous assignment back in and keeps it.
import { isClonedVoice } from '../../../engines/cloned-voice';
import type { SpeechSynthesizer } from '../../../engines/types';

export interface SpeakerVoice {
  id: number;
  name: string;
  voice: string;
  /** Synthesiser pitch 0..99 (50 the voice's own). */
  pitch: number;
  /** Base speaking-rate multiplier before per-line fitting. */
  rate: number;
  gender: 'male' | 'female';
  /** Measured median pitch of the original speaker, null when there was no voiced speech. */
  sourcePitchHz: number | null;
}

const GENDER_BOUNDARY_HZ = 165;

export function chooseVoices(
  synthesizer: SpeechSynthesizer,
  language: string,
  speakers: { id: number; pitchHz: number | null }[],
  previous: readonly SpeakerVoice[] = [],
): SpeakerVoice[] {
  // The synthesiser also lists related variants (en-GB for en-US); the dub keeps to the exact language when it can.
  const listed = synthesizer.voices(language);
  const exact = listed.filter((v) => v.language === language);
  const voices = exact.length ? exact : listed;
  const used = new Map<string, number>();
  return speakers.map(({ id, pitchHz }) => {
    const kept = previous.find((p) => p.id === id);
    // A cloned voice is nobody's listing but stays the speaker's (engines/cloned-voice.ts).
    if (kept && (isClonedVoice(kept.voice) || voices.some((v) => v.id === kept.voice))) return kept;
    const gender: 'male' | 'female' = pitchHz !== null && pitchHz >= GENDER_BOUNDARY_HZ ? 'female' : 'male';
    const candidates = voices.filter((v) => (v.gender ?? gender) === gender);
    const pool = candidates.length ? candidates : voices;
    // Least-used voice of the gender first, so speakers share a voice only when there are more of them.
    const voice = [...pool].sort((a, b) => (used.get(a.id) ?? 0) - (used.get(b.id) ?? 0))[0]?.id ?? '';
    const reuse = used.get(voice) ?? 0;
    used.set(voice, reuse + 1);
    // Register from the measured pitch (typical 85–180 Hz male, 165–255 Hz female), then nudged per
    // reuse of the same voice so speakers sharing it stay apart.
    const centre = gender === 'male' ? 120 : 210;
    const base = pitchHz === null ? 50 : 50 + ((pitchHz - centre) / centre) * 60;
    const pitch = Math.round(Math.min(90, Math.max(10, base + (reuse % 2 ? 1 : -1) * Math.ceil(reuse / 2) * 12)));
    return { id, name: `Speaker ${id + 1}`, voice, pitch, rate: 1, gender, sourcePitchHz: pitchHz === null ? null : Math.round(pitchHz) };
  });
}
