// Embedded English voices of Debian's flite package, more natural than espeak-ng's formant voices:
// slt (US female), rms (US male), awb (Scottish male), kal16 (US male, diphone). flite has no pitch
// setting common to its voices, so the 0..99 pitch (50: the voice's own) is a pitch shift of up to
// an octave either way made by ffmpeg's rubberband filter, which keeps the duration; the rate is
// flite's duration_stretch.
import fs from 'node:fs/promises';
import path from 'node:path';
import { EngineUnavailableError } from './engine-errors';
import { languageMatches } from './languages';
import { runProcess } from './run-process';
import { withTempDir } from './temp-dir';
import type { SpeechSynthesizer, SynthesizeOptions, Voice } from './types';
import { decodeWav, encodeWav } from './wav';

export const FLITE_VOICES: readonly { name: string; gender: 'male' | 'female' }[] = [
  { name: 'slt', gender: 'female' },
  { name: 'rms', gender: 'male' },
  { name: 'awb', gender: 'male' },
  { name: 'kal16', gender: 'male' },
];
const LANGUAGE = 'en-US';
export const FLITE_PREFIX = 'flite:';

/** Semitones of shift for a 0..99 pitch setting: ±12 around 50. */
export const fliteShiftSemitones = (pitch: number) => ((Math.min(99, Math.max(0, pitch)) - 50) / 50) * 12;

export class FliteSynthesizer implements SpeechSynthesizer {
  readonly id = 'flite';

  constructor(private readonly timeoutMs = 5 * 60_000) {}

  languages(): string[] {
    return [LANGUAGE];
  }

  voices(language?: string): Voice[] {
    if (language && !languageMatches(LANGUAGE, language)) return [];
    return FLITE_VOICES.map(({ name, gender }) => ({ id: `${FLITE_PREFIX}${name}`, language: LANGUAGE, gender }));
  }

  async synthesize(text: string, options: SynthesizeOptions): Promise<Buffer> {
    const voices = this.voices(options.language);
    if (voices.length === 0) throw new EngineUnavailableError('engines:noTts', { language: options.language, setting: 'TTS_URL' });
    // Only names from our own table reach the command line.
    const voice = (voices.find((v) => v.id === options.voice) ?? voices[0]!).id.slice(FLITE_PREFIX.length);
    return withTempDir('parley-flite-', async (dir) => {
      const spoken = path.join(dir, 'spoken.wav');
      const args = ['-voice', voice, '-o', spoken];
      if (options.rate !== undefined && options.rate > 0) args.push('--setf', `duration_stretch=${(1 / Math.min(4, Math.max(0.25, options.rate))).toFixed(3)}`);
      // Text on stdin: no argument-length limit and no option injection from user text.
      await runProcess(this.id, 'flite', args, { input: text, signal: options.signal, timeoutMs: this.timeoutMs });
      const shift = fliteShiftSemitones(options.pitch ?? 50);
      if (Math.abs(shift) < 0.05) return normalised(await fs.readFile(spoken));
      const shifted = path.join(dir, 'shifted.wav');
      await runProcess('ffmpeg', 'ffmpeg', ['-nostdin', '-hide_banner', '-loglevel', 'error', '-y', '-i', spoken, '-af', `rubberband=pitch=${(2 ** (shift / 12)).toFixed(4)}`, '-c:a', 'pcm_s16le', shifted], {
        signal: options.signal,
        timeoutMs: this.timeoutMs,
      });
      return normalised(await fs.readFile(shifted));
    });
  }
}

/** A wav with exact chunk sizes, as the interface promises. */
function normalised(wav: Buffer): Buffer {
  const audio = decodeWav(wav);
  return encodeWav(audio.samples, audio.sampleRate, audio.channels);
}
