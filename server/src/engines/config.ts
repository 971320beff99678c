// Engine choices come from the environment only: a remote service is used when its URL is set,
// otherwise the embedded engine (when one serves the language). Read once at start-up and passed to
// createEngines, so tests build engines from a literal config instead of mutating process.env.

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
  tts: (RemoteServiceConfig & { voice: string }) | null;
  summary: RemoteServiceConfig | null;
  /** A voice/background separation service for dubbing (SEPARATION_URL, remote-separator.ts); none: the local gate. */
  separation?: RemoteServiceConfig | null;
  /** Voice cloning for dubbing through ElevenLabs (ELEVENLABS_API_KEY, ELEVENLABS_URL, ELEVENLABS_MODEL); none: not offered. */
  voiceClone?: ElevenLabsConfig | null;
  /** Upper bound for one local program run (ffmpeg, pocketsphinx, apertium, espeak-ng). */
  processTimeoutMs: number;
  /** Upper bound for one remote request. */
  requestTimeoutMs: number;
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

function remote(env: Env, prefix: string, defaultModel: string): RemoteServiceConfig | null {
  const url = nonEmpty(env[`${prefix}_URL`]);
  if (url === null) return null;
  let protocol = '';
  try {
    protocol = new URL(url).protocol;
  } catch {
    // reported below
  }
  if (protocol !== 'http:' && protocol !== 'https:') throw new Error(`${prefix}_URL must be an http(s) URL, got '${url}'`);
  return { url, apiKey: nonEmpty(env[`${prefix}_API_KEY`]), model: nonEmpty(env[`${prefix}_MODEL`]) ?? defaultModel };
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
  const kind = (nonEmpty(env.TRANSLATE_KIND) ?? 'libretranslate').toLowerCase();
  if (kind !== 'libretranslate' && kind !== 'openai') throw new Error(`TRANSLATE_KIND must be libretranslate or openai, got '${kind}'`);
  const tts = remote(env, 'TTS', 'tts-1');
  return {
    asr: remote(env, 'ASR', 'whisper-1'),
    translate: translate && { ...translate, kind },
    tts: tts && { ...tts, voice: nonEmpty(env.TTS_VOICE) ?? 'alloy' },
    summary: remote(env, 'SUMMARY', 'gpt-4o-mini'),
    separation: remote(env, 'SEPARATION', ''),
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
