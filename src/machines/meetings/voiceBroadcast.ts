// Voice broadcast (features §2): a participant hears each new final line read aloud in their
// language (speechSynthesis). The lines there when broadcasting began are not read.
import { fromCallback } from 'xstate';
import type { LiveSubtitleLine } from '../../shared/contract/meeting';

export interface Utterance {
  text: string;
  /** The participant's language when the line has its translation, else '' (the voice's default). */
  lang: string;
}

/** The lines not read yet (marks them read); the first call only takes note of what is there. */
export function linesToRead(read: Set<string> | null, finals: readonly LiveSubtitleLine[], language: string): { read: Set<string>; utterances: Utterance[] } {
  if (read === null) return { read: new Set(finals.map((line) => line.segmentId)), utterances: [] };
  const utterances: Utterance[] = [];
  for (const line of finals) {
    if (read.has(line.segmentId)) continue;
    read.add(line.segmentId);
    const translated = line.translations[language];
    utterances.push({ text: translated ?? line.text, lang: translated ? language : '' });
  }
  return { read, utterances };
}

export type VoiceEvent = { type: 'voice.lines'; finals: readonly LiveSubtitleLine[] };

export const voiceBroadcastActor = fromCallback<VoiceEvent, { language: string; enabled: boolean }>(({ input, receive }) => {
  let read: Set<string> | null = null;
  const synth = typeof window !== 'undefined' && 'speechSynthesis' in window ? window.speechSynthesis : null;
  receive((event) => {
    const next = linesToRead(read, event.finals, input.language);
    read = next.read;
    if (!input.enabled || !synth) return;
    for (const { text, lang } of next.utterances) {
      const utterance = new SpeechSynthesisUtterance(text);
      utterance.lang = lang;
      synth.speak(utterance);
    }
  });
  return () => synth?.cancel();
});
