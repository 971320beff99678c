// Voice broadcast: reads each new final line aloud in the participant's language (speechSynthesis).
import { useEffect, useRef } from 'react';
import type { SubtitleLine } from '../../machines/meetings/liveSubtitles.lines';

export function useVoiceBroadcast(finals: SubtitleLine[], language: string, enabled: boolean) {
  const spoken = useRef<Set<string> | null>(null);
  useEffect(() => {
    // Lines that were there when broadcasting began (the transcript so far) are not read.
    if (spoken.current === null) {
      spoken.current = new Set(finals.map((line) => line.segmentId));
      return;
    }
    if (!enabled || typeof window === 'undefined' || !('speechSynthesis' in window)) return;
    for (const line of finals) {
      if (spoken.current.has(line.segmentId)) continue;
      spoken.current.add(line.segmentId);
      const text = line.translations[language] ?? line.text;
      const utterance = new SpeechSynthesisUtterance(text);
      utterance.lang = line.translations[language] ? language : '';
      window.speechSynthesis.speak(utterance);
    }
  }, [finals, language, enabled]);
  useEffect(() => () => window.speechSynthesis?.cancel(), []);
}
