// How the language pickers name the engine behind a language (LanguageItem.engine): its id as the
// health answer reports it, a product name, and whether it is a server this deployment calls or an
// engine embedded in Parley. The client adds the translated "(embedded)" / "server" around the name.
import type { components } from '../../../src/api/schema';

export type ServingEngine = components['schemas']['ServingEngine'];

/** Engines that run inside Parley's own processes (Debian programs it starts). */
const EMBEDDED = new Set(['pocketsphinx', 'apertium', 'espeak-ng', 'flite', 'flite+espeak-ng', 'identity']);

/** Proper names of the engines; an id not listed here is shown as it is. */
const NAMES: Record<string, string> = {
  pocketsphinx: 'pocketsphinx',
  apertium: 'Apertium',
  'espeak-ng': 'eSpeak NG',
  flite: 'Flite',
  'flite+espeak-ng': 'Flite + eSpeak NG',
  'vosk-stream': 'Vosk',
  'openai-transcription': 'Whisper API',
  libretranslate: 'LibreTranslate',
  'openai-chat-translate': 'chat model API',
  'openai-speech': 'speech API',
};

export function servingEngine(engine: { id: string }): ServingEngine {
  return { id: engine.id, name: NAMES[engine.id] ?? engine.id, remote: !EMBEDDED.has(engine.id) };
}
