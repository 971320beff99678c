// POST /speech/video/transcribe/createIteration (dubbingCreateIteration) — re-voices a dubbed video
// in one language as a new iteration (the server charges it by the re-dub rule). Checked, with the
// server's text for an entitlement refusal.
import { api } from '../instance';
import type { operations } from '../schema';

export type CreateIterationBody = operations['dubbingCreateIteration']['requestBody']['content']['application/json'];

export function createIteration(body: CreateIterationBody, signal?: AbortSignal) {
  return api.call((client, s) => client.POST('/speech/video/transcribe/createIteration', { body, signal: s }), {
    entitlementMessage: 'server',
    ...(signal ? { signal } : {}),
  });
}
