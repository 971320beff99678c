// POST /speech/video/transcribe/transwrite (dubbingTranswrite) — starts translating and dubbing one
// uploaded video with the dub form. Checked, with the server's text for an entitlement refusal.
import { api } from '../instance';
import { SUCCESS_CODE } from '../middleware/envelope';
import type { components } from '../schema';

export type DubForm = components['schemas']['DubForm'];

export interface DubStartFailure {
  code?: number | undefined;
  message?: string | undefined;
  messageKey?: string | undefined;
}

/** Rejects with a DubStartFailure: the refusal of the call, or the task's own verdict (data.code). */
export async function startDubbing(body: DubForm, signal?: AbortSignal): Promise<void> {
  const result = await api.call((client, s) => client.POST('/speech/video/transcribe/transwrite', { body, signal: s }), {
    entitlementMessage: 'server',
    ...(signal ? { signal } : {}),
  });
  if (!result.ok) throw { code: result.error.code, message: result.error.message, messageKey: result.error.messageKey } satisfies DubStartFailure;
  if (result.data && result.data.code !== SUCCESS_CODE) throw { code: result.data.code, message: result.data.msg } satisfies DubStartFailure;
}
