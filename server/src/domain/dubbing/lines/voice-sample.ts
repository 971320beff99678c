// A voice's play-sample for the picker (issue 25 §2): one short sentence in the language, spoken by
// that voice at its own pitch and rate. Made once per language and voice and kept in memory (a few
// dozen KB each, bounded), since every editor of the language asks for the same few voices.
import type { Engines } from '../../../engines/registry';
import { primaryLanguage } from '../../../engines/languages';
import { dubVoiceUnknown } from './line-errors';
import { voicesFor } from './voices';

const SENTENCES: Record<string, string> = {
  en: 'Hello, this is how I will sound in your dubbed video.',
  es: 'Hola, así sonaré en tu vídeo doblado.',
  fr: 'Bonjour, voici ma voix dans votre vidéo doublée.',
  de: 'Hallo, so klinge ich in deinem synchronisierten Video.',
  it: 'Ciao, ecco come suonerò nel tuo video doppiato.',
  pt: 'Olá, é assim que vou soar no seu vídeo dobrado.',
  ru: 'Здравствуйте, так я буду звучать в вашем дублированном видео.',
  ja: 'こんにちは、吹き替え動画ではこのような声になります。',
  ko: '안녕하세요, 더빙된 영상에서 이렇게 들립니다.',
  zh: '你好，这是我在配音视频里的声音。',
};
const TRADITIONAL = '你好，這是我在配音影片裡的聲音。';
const MAX_CACHED = 200;

const cache = new Map<string, Promise<Buffer>>();

export function sampleSentence(language: string): string {
  if (/^zh-(tw|hk|mo)/i.test(language)) return TRADITIONAL;
  return SENTENCES[primaryLanguage(language)] ?? '1 2 3 4 5';
}

export function voiceSample(engines: Pick<Engines, 'synthesizerFor'>, language: string, voice: string): Promise<Buffer> {
  if (!voicesFor(engines, language).some((v) => v.id === voice)) throw dubVoiceUnknown(voice, language);
  const key = `${language}\u0000${voice}`;
  let made = cache.get(key);
  if (!made) {
    if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!);
    made = engines.synthesizerFor(language).synthesize(sampleSentence(language), { language, voice });
    cache.set(key, made);
    // A failure is not kept: the next request tries again.
    made.catch(() => cache.delete(key));
  }
  return made;
}
