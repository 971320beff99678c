// Several embedded synthesisers behind one: the voices of all of them for a language (the first
// synthesiser's first, so a more natural engine listed first gives the default voice), and each
// request sent to the engine that lists its voice. Voice ids are unique across engines
// (espeak-ng "es+m3", flite "flite:slt").
import { languageMatches } from './languages';
import type { SpeechSynthesizer, SynthesizeOptions, Voice } from './types';

export class VoiceRouter implements SpeechSynthesizer {
  readonly id: string;

  constructor(private readonly engines: readonly SpeechSynthesizer[]) {
    this.id = engines.map((e) => e.id).join('+');
  }

  languages(): string[] {
    return [...new Set(this.engines.flatMap((e) => e.languages()))];
  }

  voices(language?: string): Voice[] {
    return this.engines.flatMap((e) => e.voices(language));
  }

  synthesize(text: string, options: SynthesizeOptions): Promise<Buffer> {
    const serving = this.engines.filter((e) => e.languages().some((l) => languageMatches(l, options.language)));
    const engine = serving.find((e) => options.voice !== undefined && e.voices(options.language).some((v) => v.id === options.voice)) ?? serving[0] ?? this.engines[0]!;
    return engine.synthesize(text, options);
  }
}
