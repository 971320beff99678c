// The engines named per language (language-routes.ts) and the streaming recognition server, built
// once from the config. The registry asks here first: a route names a remote engine, pins the
// embedded one ('embedded'), or is absent (the global settings decide).
import type { EngineConfig, RemoteServiceConfig, TranslateServiceConfig, TtsServiceConfig } from './config';
import type { EngineSetting } from './engine-errors';
import { languageMatches } from './languages';
import { pairRouteFor, routeFor, tagOfScope, type Route, type Routes } from './language-routes';
import { LibreTranslateTranslator } from './libretranslate-translator';
import { OpenAiChatTranslator } from './openai-chat-translator';
import { OpenAiSpeechSynthesizer } from './openai-speech-synthesizer';
import { OpenAiTranscriptionRecognizer } from './openai-transcription-recognizer';
import type { EngineReadiness } from './engine-readiness';
import type { LanguagePair, SpeechRecognizer, SpeechSynthesizer, Translator } from './types';
import { VoskStreamRecognizer } from './vosk-stream/vosk-stream-recognizer';

type Built<T> = Record<string, Route<T>>;

function build<C, T>(routes: Routes<C> | undefined, make: (service: C) => T): Built<T> {
  return Object.fromEntries(Object.entries(routes ?? {}).map(([scope, route]) => [scope, route === 'embedded' ? 'embedded' : make(route)]));
}

export function translatorOf(service: TranslateServiceConfig, timeoutMs: number): Translator {
  return service.kind === 'openai' ? new OpenAiChatTranslator(service, timeoutMs) : new LibreTranslateTranslator(service, timeoutMs);
}

export class RoutedEngines {
  private readonly streams: Built<SpeechRecognizer>;
  private readonly asr: Built<SpeechRecognizer>;
  private readonly translators: Built<Translator>;
  private readonly synthesizers: Built<SpeechSynthesizer>;
  readonly globalStream: VoskStreamRecognizer | null;

  constructor(config: EngineConfig) {
    const timeout = config.requestTimeoutMs;
    this.streams = build(config.routes?.asrStream, (service) => new VoskStreamRecognizer(service));
    this.asr = build(config.routes?.asr, (service: RemoteServiceConfig) => new OpenAiTranscriptionRecognizer(service, timeout));
    this.translators = build(config.routes?.translate, (service) => translatorOf(service, timeout));
    this.synthesizers = build(config.routes?.tts, (service: TtsServiceConfig) => new OpenAiSpeechSynthesizer(service, timeout));
    this.globalStream = config.asrStream ? new VoskStreamRecognizer(config.asrStream) : null;
  }

  /** A language's recogniser: its stream route, its ASR route, then the global stream server. */
  recognizer(language: string): Route<SpeechRecognizer> | undefined {
    const stream = routeFor(this.streams, language);
    if (stream && stream !== 'embedded') return stream;
    const asr = routeFor(this.asr, language);
    if (asr || stream) return asr ?? stream;
    if (this.globalStream?.languages().some((served) => languageMatches(served, language))) return this.globalStream;
    return undefined;
  }

  translator(from: string, to: string): Route<Translator> | undefined {
    return pairRouteFor(this.translators, from, to);
  }

  synthesizer(language: string): Route<SpeechSynthesizer> | undefined {
    return routeFor(this.synthesizers, language);
  }

  /** One line per routed engine, naming the languages (or pair) it serves. */
  readiness(): EngineReadiness[] {
    const remote = (kind: EngineReadiness['kind'], engine: string, setting: EngineSetting, served: Pick<EngineReadiness, 'languages' | 'pairs'>): EngineReadiness => ({
      kind, engine, remote: true, ready: true, ...served, missing: [], setting,
    });
    const entries = <T extends { id: string }>(built: Built<T>) => Object.entries(built).flatMap(([scope, route]) => (route === 'embedded' ? [] : [{ scope, engine: route }]));
    return [
      ...entries(this.streams).map(({ scope, engine }) => remote('recognition', engine.id, 'ASR_STREAM_URL', { languages: [tagOfScope(scope)] })),
      ...(this.globalStream ? [remote('recognition', this.globalStream.id, 'ASR_STREAM_URL', { languages: this.globalStream.languages() })] : []),
      ...entries(this.asr).map(({ scope, engine }) => remote('recognition', engine.id, 'ASR_URL', { languages: [tagOfScope(scope)] })),
      ...entries(this.translators).map(({ scope, engine }) => remote('translation', engine.id, 'TRANSLATE_URL', { pairs: [pairOfScope(scope)] })),
      ...entries(this.synthesizers).map(({ scope, engine }) => remote('synthesis', engine.id, 'TTS_URL', { languages: [tagOfScope(scope)] })),
    ];
  }

  /** For the start-up log: "vosk-stream (zh-CN)". */
  describe(): { asr: string[]; translation: string[]; tts: string[] } {
    const lines = (kind: EngineReadiness['kind']) =>
      this.readiness().filter((r) => r.kind === kind).map((r) => `${r.engine} (${(r.languages ?? r.pairs?.map((p) => `${p.from}→${p.to}`) ?? []).join(', ')})`);
    return { asr: lines('recognition'), translation: lines('translation'), tts: lines('synthesis') };
  }
}

/** ZH_CN_TO_EN_US → zh-CN → en-US; TO_EN_US → * → en-US. */
function pairOfScope(scope: string): LanguagePair {
  const [from, to] = scope.startsWith('TO_') ? ['', scope.slice(3)] : scope.split('_TO_');
  return { from: from ? tagOfScope(from) : '*', to: tagOfScope(to ?? '') };
}
