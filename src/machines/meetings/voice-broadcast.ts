// Voice broadcast (features §2): a participant hears each new final line read aloud in their
// language (speechSynthesis). The lines there when broadcasting began are not read. Speech never
// falls more than one line behind (speakLatest: while a line is read, only the newest waits). The
// participant can switch it on and off and change language while it runs. A line whose translations
// are still coming (pending) waits for them, so it is read once, in the listener's language.
import { Observable, Subject } from 'rxjs';
import { fromCallback } from 'xstate';
import type { LiveSubtitleLine } from '../../shared/contract/meeting';
import { speakLatest } from '../../streams/speak-latest$';

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
    const translated = line.translations[language];
    // Sent before its translation: read when the completed line comes, in the listener's language.
    if (line.pending && !translated) continue;
    read.add(line.segmentId);
    utterances.push({ text: translated ?? line.text, lang: translated ? language : '' });
  }
  return { read, utterances };
}

export type VoiceEvent =
  | { type: 'voice.lines'; finals: readonly LiveSubtitleLine[] }
  | { type: 'voice.language'; language: string }
  | { type: 'voice.enabled'; on: boolean };

export interface VoiceInput {
  language: string;
  enabled: boolean;
}

/** One utterance through speechSynthesis; completes when it has been said (or failed). */
export function say(synth: SpeechSynthesis, { text, lang }: Utterance): Observable<void> {
  return new Observable<void>((subscriber) => {
    const utterance = new SpeechSynthesisUtterance(text);
    utterance.lang = lang;
    utterance.onend = () => subscriber.complete();
    utterance.onerror = () => subscriber.complete();
    synth.speak(utterance);
    return () => {
      // Unsubscribed mid-line (switched off, or the page left): stop speaking it.
      if (!subscriber.closed) synth.cancel();
    };
  });
}

export const voiceBroadcastActor = fromCallback<VoiceEvent, VoiceInput>(({ input, receive }) => {
  let read: Set<string> | null = null;
  let { language, enabled } = input;
  const synth = typeof window !== 'undefined' && 'speechSynthesis' in window ? window.speechSynthesis : null;
  const lines$ = new Subject<Utterance>();
  const speaking = synth ? lines$.pipe(speakLatest((line) => say(synth, line))).subscribe() : null;
  receive((event) => {
    if (event.type === 'voice.language') language = event.language;
    if (event.type === 'voice.enabled') {
      enabled = event.on;
      if (!enabled) synth?.cancel();
    }
    if (event.type !== 'voice.lines') return;
    const next = linesToRead(read, event.finals, language);
    read = next.read;
    if (enabled) for (const utterance of next.utterances) lines$.next(utterance);
  });
  return () => {
    speaking?.unsubscribe();
    synth?.cancel();
  };
});
