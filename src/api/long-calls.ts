// Calls the spec allows 600 s instead of 60 s: transcription, uploads (vocabulary import included),
// summaries, and the account export (one zip of everything the account holds)
// (platform §7, features §7). The contract marks the same operations with
// `x-parley-timeout: long`; long-calls.test.ts fails when the two lists drift apart.

export type HttpMethodName = 'get' | 'post' | 'put' | 'delete' | 'patch';

export interface LongCall {
  readonly method: HttpMethodName;
  readonly path: string;
}

export const LONG_CALLS: readonly LongCall[] = [
  { method: 'post', path: '/speech/audio/transcribe/transwrite' },
  { method: 'post', path: '/speech/audio/transcribe/transwrite/upload' },
  { method: 'post', path: '/speech/audio/transcribe/uploadInit' },
  { method: 'post', path: '/speech/audio/transcribe/uploadBlock' },
  { method: 'post', path: '/speech/video/transcribe/uploadBlock' },
  { method: 'post', path: '/speech/video/transcribe/upload' },
  { method: 'post', path: '/speech/video/transcribe/transwrite' },
  { method: 'post', path: '/file/upload' },
  { method: 'post', path: '/speech/document/import' },
  { method: 'post', path: '/ai/ai/mediaSummary' },
  { method: 'post', path: '/ai/ai/queryMediaSummary' },
  { method: 'post', path: '/ai/ai/mediaFixedCountSummary' },
  { method: 'get', path: '/system/user/exportData' },
];

const LONG_CALL_KEYS = new Set(LONG_CALLS.map((call) => `${call.method} ${call.path}`));

/** `schemaPath` is the contract path (with `{param}` placeholders), as openapi-fetch reports it. */
export function isLongCall(method: string, schemaPath: string): boolean {
  return LONG_CALL_KEYS.has(`${method.toLowerCase()} ${schemaPath}`);
}
