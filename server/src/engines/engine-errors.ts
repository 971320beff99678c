// Engine failures carry an i18n key in the `engines` namespace plus its parameters rather than an
// English sentence: the record shows the message in the reader's locale, and the job stores the key
// so the text can be re-rendered later. `code` lets callers branch without instanceof chains.
import { withoutServerPaths } from './strip-paths';

export type EngineSetting = 'ASR_URL' | 'ASR_STREAM_URL' | 'TRANSLATE_URL' | 'TTS_URL' | 'SUMMARY_URL' | 'ELEVENLABS_API_KEY' | 'ELEVENLABS_URL';

export type EngineUnavailableKey =
  | 'engines:noAsr'
  | 'engines:noTranslation'
  | 'engines:noTts'
  | 'engines:noSummary'
  | 'engines:asrNotInstalled'
  | 'engines:translationNotInstalled'
  | 'engines:ttsNotInstalled';

// A type alias (not an interface) so the params pass straight into i18next's t(key, params).
export type EngineErrorParams = {
  from?: string;
  to?: string;
  language?: string;
  setting?: EngineSetting;
  engine?: string;
  status?: number;
  detail?: string;
  seconds?: number;
};

export class EngineError extends Error {
  readonly params: EngineErrorParams;

  constructor(
    readonly code: 'engine_unavailable' | 'engine_missing' | 'engine_failed' | 'engine_timeout' | 'invalid_media' | 'aborted',
    readonly key: string,
    params: EngineErrorParams = {},
    options?: { cause?: unknown },
  ) {
    // The detail is shown to users: no data-folder path or signed storage address in it.
    const shown = params.detail === undefined ? params : { ...params, detail: withoutServerPaths(params.detail) };
    super(`${key} ${JSON.stringify(shown)}`, options);
    this.params = shown;
    this.name = 'EngineError';
  }
}

/** No engine serves this language or pair: the message names the setting that would add one. */
export class EngineUnavailableError extends EngineError {
  declare readonly code: 'engine_unavailable';
  declare readonly key: EngineUnavailableKey;
  declare readonly params: EngineErrorParams & { setting: EngineSetting };

  constructor(key: EngineUnavailableKey, params: EngineErrorParams & { setting: EngineSetting }) {
    super('engine_unavailable', key, params);
    this.name = 'EngineUnavailableError';
  }
}

/**
 * The program an engine runs is not installed (spawn answered ENOENT): a fault of this server, never
 * of the user's file, so it must not read like one. Media tools get their own message because
 * ffprobe/ffmpeg mean nothing to the person uploading.
 */
export const engineNotInstalled = (engine: string, cause?: unknown) =>
  new EngineError('engine_missing', 'engines:notInstalled', { engine }, { cause });

export const mediaToolsNotInstalled = (cause?: unknown) => new EngineError('engine_missing', 'engines:mediaToolsMissing', {}, { cause });

/** A remote service or a local program answered with a failure. */
export const engineFailed = (engine: string, detail: string, status?: number, cause?: unknown) =>
  new EngineError('engine_failed', 'engines:engineFailed', { engine, detail: detail.slice(0, 300), status }, { cause });

export const engineTimedOut = (engine: string, seconds: number) => new EngineError('engine_timeout', 'engines:timeout', { engine, seconds });

/** Content is not audio or video ffprobe can read (a renamed .exe, a truncated file, zero bytes). */
export const invalidMedia = (detail: string) => new EngineError('invalid_media', 'engines:invalidMedia', { detail: detail.slice(0, 300) });

export const aborted = (engine: string) => new EngineError('aborted', 'engines:aborted', { engine });
