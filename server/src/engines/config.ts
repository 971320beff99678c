// Engine choices come from the environment only: a remote service is used when its URL is set,
// otherwise the embedded engine (when one serves the language). Read once at start-up and passed to
// createEngines, so tests build engines from a literal config instead of mutating process.env.
// Each kind may also be routed per language (language-routes.ts; engines.example.env documents all).
import { scopesOf, tagOfScope, type Routes } from './language-routes';
import type { StreamServiceConfig } from './vosk-stream/vosk-stream-recognizer';

import type { ElevenLabsConfig } from './elevenlabs-voice-cloner';

export interface RemoteServiceConfig {
  /** Base URL of the service, e.g. http://whisper:8000 or https://api.openai.com/v1. */
  url: string;
  apiKey: string | null;
  model: string;
}

export interface EngineConfig {
  asr: RemoteServiceConfig | null;
  translate: (RemoteServiceConfig & { kind: 'libretranslate' | 'openai' }) | null;
  tts: TtsServiceConfig | null;
  summary: RemoteServiceConfig | null;
  /** A voice/background separation service for dubbing (SEPARATION_URL, remote-separator.ts); none: the local gate. */
  separation?: RemoteServiceConfig | null;
  /** A streaming recognition server (Vosk protocol) for the languages it names (ASR_STREAM_URL). */
  asrStream?: StreamServiceConfig | null;
  /** Per-language choices; absent scopes fall back to the settings above. */
  routes?: EngineRoutes;
  /** Voice cloning for dubbing through ElevenLabs (ELEVENLABS_API_KEY, ELEVENLABS_URL, ELEVENLABS_MODEL); none: not offered. */
  voiceClone?: ElevenLabsConfig | null;
  /** Upper bound for one local program run (ffmpeg, pocketsphinx, apertium, espeak-ng). */
  processTimeoutMs: number;
  /** Upper bound for one remote request. */
  requestTimeoutMs: number;
}

export type TranslateServiceConfig = RemoteServiceConfig & { kind: 'libretranslate' | 'openai' };
export type TtsServiceConfig = RemoteServiceConfig & { voice: string; /** The voice list offered for dubbing (TTS_VOICES). */ voices?: string[] };

export interface EngineRoutes {
  asrStream: Routes<StreamServiceConfig>;
  asr: Routes<RemoteServiceConfig>;
  translate: Routes<TranslateServiceConfig>;
  tts: Routes<TtsServiceConfig>;
}

type Env = Record<string, string | undefined>;

function nonEmpty(value: string | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

function positiveMs(value: string | undefined, fallback: number, name: string): number {
  if (nonEmpty(value) === null) return fallback;
  const ms = Number(value);
  if (!Number.isFinite(ms) || ms <= 0) throw new Error(`${name} must be a positive number of milliseconds, got '${value}'`);
  return ms;
}

function checkedUrl(name: string, url: string, protocols: string[]): string {
  let protocol = '';
  try {
    protocol = new URL(url).protocol;
  } catch {
    // reported below
  }
  if (!protocols.includes(protocol)) throw new Error(`${name} must be a ${protocols.map((p) => p.slice(0, -1)).join('/')} URL, got '${url}'`);
  return url;
}

/** `scope` reads PREFIX_URL_<scope>; its key and model fall back to the unscoped ones. */
function remote(env: Env, prefix: string, defaultModel: string, scope = ''): RemoteServiceConfig | null {
  const at = scope ? `_${scope}` : '';
  const url = nonEmpty(env[`${prefix}_URL${at}`]);
  if (url === null) return null;
  checkedUrl(`${prefix}_URL${at}`, url, ['http:', 'https:']);
  return {
    url,
    apiKey: nonEmpty(env[`${prefix}_API_KEY${at}`]) ?? nonEmpty(env[`${prefix}_API_KEY`]),
    model: nonEmpty(env[`${prefix}_MODEL${at}`]) ?? nonEmpty(env[`${prefix}_MODEL`]) ?? defaultModel,
  };
}

function list(value: string | undefined): string[] | null {
  const items = (value ?? '').split(',').map((item) => item.trim()).filter(Boolean);
  return items.length ? items : null;
}

function translateKind(env: Env, scope = ''): TranslateServiceConfig['kind'] {
  const kind = (nonEmpty(env[`TRANSLATE_KIND${scope ? `_${scope}` : ''}`]) ?? nonEmpty(env.TRANSLATE_KIND) ?? 'libretranslate').toLowerCase();
  if (kind !== 'libretranslate' && kind !== 'openai') throw new Error(`TRANSLATE_KIND must be libretranslate or openai, got '${kind}'`);
  return kind;
}

function tts(env: Env, scope = ''): TtsServiceConfig | null {
  const at = scope ? `_${scope}` : '';
  // A language may name only its voices and share the global server.
  const service = remote(env, 'TTS', 'tts-1', scope) ?? (scope && (env[`TTS_VOICES${at}`] || env[`TTS_VOICE${at}`]) ? remote(env, 'TTS', 'tts-1') : null);
  if (!service) return null;
  const voices = list(env[`TTS_VOICES${at}`]) ?? list(env.TTS_VOICES);
  const voice = nonEmpty(env[`TTS_VOICE${at}`]) ?? nonEmpty(env.TTS_VOICE) ?? voices?.[0] ?? 'alloy';
  return { ...service, voice, ...(voices ? { voices } : {}) };
}

function stream(env: Env, scope = ''): StreamServiceConfig | null {
  const name = `ASR_STREAM_URL${scope ? `_${scope}` : ''}`;
  const url = nonEmpty(env[name]);
  if (url === null) return null;
  checkedUrl(name, url, ['ws:', 'wss:']);
  const languages = scope ? [tagOfScope(scope)] : (list(env.ASR_STREAM_LANGUAGES) ?? ['*']);
  return { url, languages, phraseList: nonEmpty(env.ASR_STREAM_PHRASE_LIST) === '1' };
}

/** Per-scope routes of one kind; the value `embedded` pins the embedded engine. */
function routes<T>(env: Env, name: string, read: (scope: string) => T | null): Routes<T> {
  const out: Routes<T> = {};
  for (const scope of scopesOf(env, name)) {
    if (nonEmpty(env[`${name}_${scope}`])?.toLowerCase() === 'embedded') out[scope] = 'embedded';
    else {
      const service = read(scope);
      if (service) out[scope] = service;
    }
  }
  return out;
}

/** The key turns cloning on; the URL defaults to the vendor's (a compatible self-hosted server may stand in). */
function elevenLabs(env: Env): ElevenLabsConfig | null {
  const apiKey = nonEmpty(env.ELEVENLABS_API_KEY);
  if (apiKey === null) return null;
  const url = nonEmpty(env.ELEVENLABS_URL) ?? 'https://api.elevenlabs.io';
  if (!/^https?:\/\//.test(url)) throw new Error(`ELEVENLABS_URL must be an http(s) URL, got '${url}'`);
  return { url, apiKey, model: nonEmpty(env.ELEVENLABS_MODEL) ?? 'eleven_multilingual_v2' };
}

export function loadEngineConfig(env: Env = process.env): EngineConfig {
  const translate = remote(env, 'TRANSLATE', 'gpt-4o-mini');
  const kind = translateKind(env);
  const ttsRoutes = routes(env, 'TTS_URL', (scope) => tts(env, scope));
  // TTS_VOICES_<scope> alone (no URL of its own) also makes a route, on the global server.
  for (const name of ['TTS_VOICES', 'TTS_VOICE']) {
    for (const scope of scopesOf(env, name)) ttsRoutes[scope] ??= tts(env, scope) ?? 'embedded';
  }
  return {
    asr: remote(env, 'ASR', 'whisper-1'),
    translate: translate && { ...translate, kind },
    tts: tts(env),
    summary: remote(env, 'SUMMARY', 'gpt-4o-mini'),
    separation: remote(env, 'SEPARATION', ''),
    asrStream: stream(env),
    routes: {
      asrStream: routes(env, 'ASR_STREAM_URL', (scope) => stream(env, scope)),
      asr: routes(env, 'ASR_URL', (scope) => remote(env, 'ASR', 'whisper-1', scope)),
      translate: routes(env, 'TRANSLATE_URL', (scope) => {
        const service = remote(env, 'TRANSLATE', 'gpt-4o-mini', scope);
        return service && { ...service, kind: translateKind(env, scope) };
      }),
      tts: ttsRoutes,
    },
    voiceClone: elevenLabs(env),
    // Recognising a one-hour file with pocketsphinx takes minutes on 2 cores; the limit only catches hangs.
    processTimeoutMs: positiveMs(env.ENGINE_PROCESS_TIMEOUT_MS, 30 * 60_000, 'ENGINE_PROCESS_TIMEOUT_MS'),
    requestTimeoutMs: positiveMs(env.ENGINE_REQUEST_TIMEOUT_MS, 10 * 60_000, 'ENGINE_REQUEST_TIMEOUT_MS'),
  };
}

/** Joins a configured base URL and an OpenAI-style path, accepting bases with or without /v1. */
export function endpoint(base: string, pathUnderV1: string): string {
  const trimmed = base.replace(/\/+$/, '');
  const path = pathUnderV1.replace(/^\/+/, '');
  return /\/v1$/.test(trimmed) ? `${trimmed}/${path}` : `${trimmed}/v1/${path}`;
}
