// Picks an engine per request: the remote service when its URL is configured (it is the better
// engine and covers every language), else the embedded engine that serves the language or pair,
// else EngineUnavailableError naming the setting to fix. Callers ask per job, so a configuration
// change takes effect on the next job and a missing pair fails that record, not the server.
import { ApertiumTranslator, type EngineLog } from './apertium-translator';
import type { EngineConfig } from './config';
import { EngineUnavailableError, type EngineSetting } from './engine-errors';
import { embeddedInstallation } from './embedded-installation';
import { WithClonedVoices } from './cloned-voice';
import { ElevenLabsVoiceCloner } from './elevenlabs-voice-cloner';
import { EspeakSynthesizer } from './espeak-synthesizer';
import { FliteSynthesizer } from './flite-synthesizer';
import { isTraditionalChinese, languageMatches } from './languages';
import { warmTaiwanScript } from './taiwan-script';
import { media, type Media } from './media';
import { OpenAiChatSummarizer } from './openai-chat-summarizer';
import { FallbackSummarizer } from './summarizer/fallback-summarizer';
import { OfflineSummarizer } from './summarizer/offline-summarizer';
import { OpenAiSpeechSynthesizer } from './openai-speech-synthesizer';
import { OpenAiTranscriptionRecognizer } from './openai-transcription-recognizer';
import { PocketsphinxRecognizer } from './pocketsphinx-recognizer';
import type { EngineReadiness } from './engine-readiness';
import { RoutedEngines, translatorOf } from './routed-engines';
import { SpectralDiarizer } from './spectral-diarizer';
import type { LanguagePair, SpeakerDiarizer, SpeechRecognizer, SpeechSynthesizer, Summarizer, Translator } from './types';
import { detectSpeechRegions, EnergyVad, type VadOptions } from './vad';
import { RemoteSeparator, type VoiceSeparator } from './remote-separator';
import { VoiceRouter } from './voice-router';

export interface Engines {
  recognizerFor(language: string): SpeechRecognizer;
  translatorFor(from: string, to: string): Translator;
  synthesizerFor(language: string): SpeechSynthesizer;
  summarizer: Summarizer;
  diarizer: SpeakerDiarizer;
  /** The voice separation service for dubbing (SEPARATION_URL), or null: the local gate removes the voice. */
  separator: VoiceSeparator | null;
  /** Voice cloning for dubbing speakers (ELEVENLABS_API_KEY), or null/absent: not offered. */
  voiceCloner?: ElevenLabsVoiceCloner | null;
  vad: { create(options?: Partial<VadOptions>): EnergyVad; detectSpeechRegions: typeof detectSpeechRegions };
  media: Media;
  /** Each engine with what it serves and whether it can run now (health endpoint, start-up log). */
  readiness(): EngineReadiness[];
  /** Engine ids in use, for the start-up log and the system status page. */
  describe(): { asr: string[]; translation: string[]; tts: string[]; summary: string; diarization: string };
  /**
   * Hint that texts of this pair are coming (a meeting with translation starting): an embedded
   * engine that keeps a process per pair starts it now, so the first text does not wait for it.
   */
  prepareTranslation(from: string, to: string): void;
  /**
   * Hint that live recognition in this language is coming (a meeting was created, a host joined):
   * an embedded recogniser that decodes in a helper process starts one now, so the model has loaded
   * when speech comes.
   */
  prepareRecognition(language: string): void;
  /** At server start: builds what live recognition will need (the helper binary), starts nothing. */
  prepareLiveRecognition(): void;
  /** Ends long-running engine processes; called when the app closes. */
  close(): Promise<void>;
}

export type { EngineReadiness };

/** Same text in, same text out: asked for when source and target tags are identical. */
const identityTranslator: Translator = {
  id: 'identity',
  pairs: () => [],
  translate: async (texts) => [...texts],
};

export function createEngines(config: EngineConfig, options: { log?: EngineLog } = {}): Engines {
  const pocketsphinx = new PocketsphinxRecognizer({
    timeoutMs: config.processTimeoutMs,
    onStreamingUnavailable: (error) =>
      options.log?.warn({ err: error }, 'pocketsphinx streaming helper unavailable; live subtitles re-recognise whole utterances'),
  });
  const embeddedRecognizers: SpeechRecognizer[] = [pocketsphinx];
  const apertium = new ApertiumTranslator(config.processTimeoutMs, { log: options.log });
  const embeddedTranslators: Translator[] = [apertium];
  const espeak = new EspeakSynthesizer(config.processTimeoutMs);
  const flite = new FliteSynthesizer(config.processTimeoutMs);
  const embeddedSynthesizers: SpeechSynthesizer[] = [espeak, flite];
  const installationOf = (engine: SpeechSynthesizer) => (engine === flite ? embeddedInstallation.flite() : embeddedInstallation.espeak());
  // English gets flite's more natural voices first, beside espeak-ng's, when Debian's flite is there.
  const withFlite = new VoiceRouter([flite, espeak]);

  const remoteRecognizer = config.asr && new OpenAiTranscriptionRecognizer(config.asr, config.requestTimeoutMs);
  const remoteTranslator = config.translate && translatorOf(config.translate, config.requestTimeoutMs);
  // Per-language choices (ASR_STREAM_URL_ZH_CN, TTS_URL_JA_JP, ... or `embedded`) come before the global ones.
  const routed = new RoutedEngines(config);
  const remoteSynthesizer = config.tts && new OpenAiSpeechSynthesizer(config.tts, config.requestTimeoutMs);
  // With SUMMARY_URL the chat model writes summaries, and the offline summariser stands in when it fails.
  const summarizer: Summarizer = config.summary
    ? new FallbackSummarizer(new OpenAiChatSummarizer(config.summary, config.requestTimeoutMs), new OfflineSummarizer(), (message) => options.log?.warn({}, message))
    : new OfflineSummarizer();
  const diarizer = new SpectralDiarizer();

  const serves = (languages: string[], language: string) => languages.some((supported) => languageMatches(supported, language));
  const servesPair = (pairs: LanguagePair[], from: string, to: string) =>
    pairs.some((pair) => languageMatches(pair.from, from) && languageMatches(pair.to, to));

  const voiceCloner = config.voiceClone ? new ElevenLabsVoiceCloner(config.voiceClone, config.requestTimeoutMs) : null;
  function embeddedOrRemoteSynthesizer(language: string): SpeechSynthesizer {
    return remoteSynthesizer ?? embeddedSynthesizer(language);
  }

  /** The embedded voice for a language: flite's natural English voices where installed, espeak-ng otherwise. */
  function embeddedSynthesizer(language: string): SpeechSynthesizer {
    const engine = embeddedSynthesizers.find((s) => serves(s.languages(), language));
    if (!engine) throw new EngineUnavailableError('engines:noTts', { language, setting: 'TTS_URL' });
    if (embeddedInstallation.espeak().missing.length) {
      throw new EngineUnavailableError('engines:ttsNotInstalled', { language, engine: engine.id, setting: 'TTS_URL' });
    }
    return serves(flite.languages(), language) && !embeddedInstallation.flite().missing.length ? withFlite : engine;
  }

  return {
    separator: config.separation ? new RemoteSeparator(config.separation, config.requestTimeoutMs) : null,
    voiceCloner,
    recognizerFor(language) {
      const route = routed.recognizer(language);
      if (route && route !== 'embedded') return route;
      if (remoteRecognizer && !route) return remoteRecognizer;
      const engine = embeddedRecognizers.find((r) => serves(r.languages(), language));
      if (!engine) throw new EngineUnavailableError('engines:noAsr', { language, setting: 'ASR_URL' });
      if (embeddedInstallation.pocketsphinx().missing.length) {
        throw new EngineUnavailableError('engines:asrNotInstalled', { language, engine: engine.id, setting: 'ASR_URL' });
      }
      return engine;
    },
    translatorFor(from, to) {
      if (from.toLowerCase() === to.toLowerCase()) return identityTranslator;
      const route = routed.translator(from, to);
      if (route && route !== 'embedded') return route;
      if (remoteTranslator && !route) return remoteTranslator;
      const engine = embeddedTranslators.find((t) => servesPair(t.pairs(), from, to));
      if (!engine) throw new EngineUnavailableError('engines:noTranslation', { from, to, setting: 'TRANSLATE_URL' });
      const mode = apertium.modeFor(from, to);
      if (mode && embeddedInstallation.apertium(mode).missing.length) {
        throw new EngineUnavailableError('engines:translationNotInstalled', { from, to, engine: engine.id, setting: 'TRANSLATE_URL' });
      }
      return engine;
    },
    synthesizerFor(language) {
      const route = routed.synthesizer(language);
      if (route && route !== 'embedded') return route;
      const base = route === 'embedded' ? embeddedSynthesizer(language) : embeddedOrRemoteSynthesizer(language);
      return voiceCloner ? new WithClonedVoices(base, voiceCloner) : base;
    },
    summarizer,
    diarizer,
    vad: { create: (options) => new EnergyVad(options), detectSpeechRegions },
    media,
    readiness() {
      const embedded = (
        kind: EngineReadiness['kind'],
        engine: string,
        missing: string[],
        setting: EngineSetting | null,
        served: Pick<EngineReadiness, 'languages' | 'pairs'>,
      ): EngineReadiness => ({ kind, engine, remote: false, ready: missing.length === 0, ...served, missing, setting });
      const remote = (kind: EngineReadiness['kind'], engine: string, setting: EngineSetting): EngineReadiness => ({
        kind, engine, remote: true, ready: true, languages: ['*'], ...(kind === 'translation' ? { pairs: [{ from: '*', to: '*' }] } : {}), missing: [], setting,
      });
      const recognition = remoteRecognizer
        ? [remote('recognition', remoteRecognizer.id, 'ASR_URL')]
        : embeddedRecognizers.map((r) => embedded('recognition', r.id, embeddedInstallation.pocketsphinx().missing, 'ASR_URL', { languages: r.languages() }));
      // A pair is served when its apertium mode is installed; the engine is ready when any pair is.
      const apertiumModes = apertium.pairs().map((pair) => ({ pair, missing: embeddedInstallation.apertium(apertium.modeFor(pair.from, pair.to) ?? '').missing }));
      const translation = remoteTranslator
        ? [remote('translation', remoteTranslator.id, 'TRANSLATE_URL')]
        : [{
            ...embedded('translation', apertium.id, [...new Set(apertiumModes.flatMap((m) => m.missing))], 'TRANSLATE_URL', {
              pairs: apertiumModes.filter((m) => m.missing.length === 0).map((m) => m.pair),
            }),
            ready: apertiumModes.some((m) => m.missing.length === 0),
          }];
      const synthesis = remoteSynthesizer
        ? [remote('synthesis', remoteSynthesizer.id, 'TTS_URL')]
        : embeddedSynthesizers.map((s) => embedded('synthesis', s.id, installationOf(s).missing, 'TTS_URL', { languages: s.languages() }));
      const summary: EngineReadiness = config.summary
        ? remote('summary', summarizer.id, 'SUMMARY_URL')
        : { kind: 'summary', engine: summarizer.id, remote: false, ready: true, languages: ['*'], missing: [], setting: 'SUMMARY_URL' };
      const mediaTools = embedded('media', 'ffmpeg', embeddedInstallation.media().missing, null, {});
      return [...routed.readiness(), ...recognition, ...translation, ...synthesis, summary, mediaTools];
    },
    describe: () => withRoutes(routed, {
      asr: remoteRecognizer ? [remoteRecognizer.id] : embeddedRecognizers.map((r) => `${r.id} (${r.languages().join(', ')})`),
      translation: remoteTranslator
        ? [remoteTranslator.id]
        : embeddedTranslators.map((t) => `${t.id} (${t.pairs().map((p) => `${p.from}→${p.to}`).join(', ')})`),
      tts: remoteSynthesizer ? [remoteSynthesizer.id] : embeddedSynthesizers.map((s) => s.id),
      summary: summarizer.id,
      diarization: diarizer.id,
    }),
    prepareTranslation(from, to) {
      if (isTraditionalChinese(to) && from.toLowerCase() !== to.toLowerCase()) setImmediate(warmTaiwanScript);
      const route = routed.translator(from, to);
      if (from.toLowerCase() === to.toLowerCase() || (route ? route !== 'embedded' : remoteTranslator)) return;
      apertium.prepare(from, to);
    },
    prepareRecognition(language) {
      const route = routed.recognizer(language);
      if ((route ? route !== 'embedded' : remoteRecognizer) || !serves(pocketsphinx.languages(), language)) return;
      pocketsphinx.prepareStreams();
    },
    prepareLiveRecognition() {
      if (remoteRecognizer || embeddedInstallation.pocketsphinx().missing.length) return;
      pocketsphinx.prepareStreamingBinary();
    },
    close: async () => {
      await pocketsphinx.close();
      await apertium.close();
    },
  };
}

/** The start-up description with the per-language engines first. */
function withRoutes(routed: RoutedEngines, base: ReturnType<Engines['describe']>): ReturnType<Engines['describe']> {
  const extra = routed.describe();
  return { ...base, asr: [...extra.asr, ...base.asr], translation: [...extra.translation, ...base.translation], tts: [...extra.tts, ...base.tts] };
}
