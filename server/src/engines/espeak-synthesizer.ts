// Embedded read-aloud with espeak-ng: robotic but offline and covering many languages, including
// Mandarin and Cantonese. Voices are "<language voice>+<variant>", the variant giving a male or
// female timbre, so a dub with two speakers can still sound like two people.
import { EngineUnavailableError } from './engine-errors';
import { languageMatches } from './languages';
import { runProcess } from './run-process';
import type { SpeechSynthesizer, SynthesizeOptions, Voice } from './types';
import { decodeWav, encodeWav } from './wav';

/** Product language → espeak-ng voice. Listed languages are the ones the product offers first. */
export const ESPEAK_VOICES: readonly { language: string; voice: string }[] = [
  { language: 'en-US', voice: 'en-us' },
  { language: 'en-GB', voice: 'en-gb' },
  { language: 'zh-CN', voice: 'cmn' },
  // espeak-ng has no Taiwanese Mandarin voice; cmn reads traditional characters too.
  { language: 'zh-TW', voice: 'cmn' },
  { language: 'zh-HK', voice: 'yue' },
  { language: 'es-ES', voice: 'es' },
  { language: 'fr-FR', voice: 'fr' },
  { language: 'de-DE', voice: 'de' },
  { language: 'it-IT', voice: 'it' },
  { language: 'pt-PT', voice: 'pt' },
  { language: 'ru-RU', voice: 'ru' },
  { language: 'ja-JP', voice: 'ja' },
  { language: 'ko-KR', voice: 'ko' },
];

const VARIANTS: readonly { suffix: string; gender: 'male' | 'female' }[] = [
  { suffix: 'm3', gender: 'male' },
  { suffix: 'f2', gender: 'female' },
  { suffix: 'm1', gender: 'male' },
  { suffix: 'f4', gender: 'female' },
];

export class EspeakSynthesizer implements SpeechSynthesizer {
  readonly id = 'espeak-ng';

  constructor(private readonly timeoutMs = 5 * 60_000) {}

  languages(): string[] {
    return ESPEAK_VOICES.map((v) => v.language);
  }

  voices(language?: string): Voice[] {
    const entries = ESPEAK_VOICES.filter((v) => !language || v.language === language || languageMatches(v.language, language));
    // Exact tags first so en-GB lists its own voice before en-US's.
    const ordered = language ? [...entries].sort((a, b) => Number(b.language === language) - Number(a.language === language)) : entries;
    return ordered.flatMap((entry) =>
      VARIANTS.map(({ suffix, gender }) => ({ id: `${entry.voice}+${suffix}`, language: entry.language, gender })),
    );
  }

  async synthesize(text: string, options: SynthesizeOptions): Promise<Buffer> {
    const voices = this.voices(options.language);
    if (voices.length === 0) throw new EngineUnavailableError('engines:noTts', { language: options.language, setting: 'TTS_URL' });
    // Only ids from our own table reach the command line.
    const voice = voices.find((v) => v.id === options.voice)?.id ?? voices[0]!.id;
    const args = ['-v', voice, '-b', '1', '--stdout'];
    // espeak-ng speaks 175 words per minute by default and accepts 80..450; pitch 0..99.
    if (options.rate !== undefined) args.push('-s', String(Math.round(Math.min(450, Math.max(80, 175 * options.rate)))));
    if (options.pitch !== undefined) args.push('-p', String(Math.round(Math.min(99, Math.max(0, options.pitch)))));
    const { stdout } = await runProcess(this.id, 'espeak-ng', args, {
      // Text comes on stdin: no argument-length limit and no option injection from user text.
      input: text,
      signal: options.signal,
      timeoutMs: this.timeoutMs,
    });
    // espeak-ng streams with placeholder chunk sizes; rewrite them so every player accepts the file.
    const audio = decodeWav(stdout);
    return encodeWav(audio.samples, audio.sampleRate, audio.channels);
  }
}
