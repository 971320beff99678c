// POST /speech/audio/transcribe/transwrite (recordsTranswrite) — submits uploaded records for
// transcription. Checked, with the server's own text for an entitlement refusal (features §8).
import { fromPromise } from 'xstate';
import { api } from '../instance';
import { SUCCESS_CODE } from '../middleware/envelope';
import type { operations } from '../schema';

export type TranswriteBody = operations['recordsTranswrite']['requestBody']['content']['application/json'];

export interface TaskStartFailure {
  code?: number | undefined;
  message?: string | undefined;
  messageKey?: string | undefined;
}

/** Rejects with a TaskStartFailure: the refusal of the call, or the task's own verdict. */
export async function startTranscription(body: TranswriteBody): Promise<void> {
  const result = await api.call((client, signal) => client.POST('/speech/audio/transcribe/transwrite', { body, signal }), {
    entitlementMessage: 'server',
  });
  if (!result.ok) throw { code: result.error.code, message: result.error.message, messageKey: result.error.messageKey } satisfies TaskStartFailure;
  // The task's own verdict sits inside a successful envelope (platform §7: data.code and data.msg).
  if (result.data && result.data.code !== SUCCESS_CODE) throw { code: result.data.code, message: result.data.msg } satisfies TaskStartFailure;
}

export const startTranscriptionActor = fromPromise<void, TranswriteBody>(({ input }) => startTranscription(input));
