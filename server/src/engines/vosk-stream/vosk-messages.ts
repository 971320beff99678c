// The Vosk server WebSocket protocol (alphacep/vosk-server websocket/asr_server.py, documented at
// alphacephei.com/vosk/server): the client sends one text message {"config": {...}}, then binary
// PCM16 chunks, then {"eof" : 1}; the server answers every message with exactly one JSON text:
// {"partial": "..."} while an utterance is open, {"result": [{word,start,end,conf}], "text": "..."}
// when its endpointer closed one (times in seconds from the recogniser's first sample), and after
// eof the final result of what was left, then it closes. One answer per message is what lets the
// adapter know which audio the server has processed.
import { isChinese } from '../languages';
import type { RecognizedWord } from '../types';

export type VoskAnswer =
  | { kind: 'partial'; text: string }
  | { kind: 'final'; text: string; words: RecognizedWord[] };

interface VoskWord {
  word?: unknown;
  start?: unknown;
  end?: unknown;
  conf?: unknown;
}

/** The config message; phrase_list only when asked (Vosk compiles it as a grammar, see README). */
export function configMessage(sampleRate: number, phraseList: readonly string[] | null): string {
  const config: Record<string, unknown> = { sample_rate: sampleRate, words: 1 };
  // "[unk]" keeps words outside the list recognisable as unknown instead of forced onto a listed one.
  if (phraseList?.length) config.phrase_list = [...phraseList, '[unk]'];
  return JSON.stringify({ config });
}

export const EOF_MESSAGE = '{"eof" : 1}';

/**
 * Chinese models answer words separated by spaces ("你好 世界"); the product's text has none between
 * Han characters, while a Latin word inside Chinese keeps its spaces.
 */
export function joinText(text: string, language: string): string {
  const trimmed = text.trim().replace(/\s+/g, ' ');
  if (!isChinese(language)) return trimmed;
  return trimmed.replace(/(?<=[\p{Script=Han}\u3000-\u303f\uff00-\uffef]) (?=[\p{Script=Han}\u3000-\u303f\uff00-\uffef])/gu, '');
}

/** Parses one server answer; null for a message that is not part of the protocol. */
export function parseAnswer(raw: string, language: string): VoskAnswer | null {
  let message: unknown;
  try {
    message = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!message || typeof message !== 'object') return null;
  const record = message as Record<string, unknown>;
  if (typeof record.partial === 'string') return { kind: 'partial', text: joinText(record.partial, language) };
  if (typeof record.text === 'string') {
    const words = Array.isArray(record.result) ? (record.result as VoskWord[]).flatMap((word) => toWord(word)) : [];
    return { kind: 'final', text: joinText(record.text, language), words };
  }
  return null;
}

function toWord(word: VoskWord): RecognizedWord[] {
  if (typeof word.word !== 'string' || typeof word.start !== 'number' || typeof word.end !== 'number') return [];
  return [{
    text: word.word,
    startMs: Math.round(word.start * 1000),
    endMs: Math.round(word.end * 1000),
    ...(typeof word.conf === 'number' ? { confidence: Math.max(0, Math.min(1, word.conf)) } : {}),
  }];
}
