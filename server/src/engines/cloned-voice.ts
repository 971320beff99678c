// Voices cloned for a dubbing speaker are kept on the speaker as "elevenlabs:<voice_id>": no
// synthesiser lists them, so the registry sends them to the cloning service and the voice choice
// keeps them across re-dubs.
import type { ElevenLabsVoiceCloner } from './elevenlabs-voice-cloner';
import type { SpeechSynthesizer, SynthesizeOptions, Voice } from './types';

export const CLONED_VOICE_PREFIX = 'elevenlabs:';

export const isClonedVoice = (voice: string | undefined | null): boolean => Boolean(voice?.startsWith(CLONED_VOICE_PREFIX));

/** The language's synthesiser, with cloned voices spoken by the cloning service. */
export class WithClonedVoices implements SpeechSynthesizer {
  readonly id: string;

  constructor(
    private readonly base: SpeechSynthesizer,
    private readonly cloner: ElevenLabsVoiceCloner,
  ) {
    this.id = base.id;
  }

  languages(): string[] {
    return this.base.languages();
  }

  voices(language?: string): Voice[] {
    return this.base.voices(language);
  }

  synthesize(text: string, options: SynthesizeOptions): Promise<Buffer> {
    if (!isClonedVoice(options.voice)) return this.base.synthesize(text, options);
    return this.cloner.synthesize(text, { ...options, voice: options.voice!.slice(CLONED_VOICE_PREFIX.length) });
  }
}
