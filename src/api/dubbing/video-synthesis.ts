// POST /speech/video/transcribe/videoSynthesis (dubbingVideoSynthesis) — composes the dubbed video
// of one language again after edits (only the lines marked revoice are voiced again). Checked, with
// the server's text for an entitlement refusal so the voice-over panel can open the purchase dialog.
import { api } from '../instance';
import type { components, operations } from '../schema';

export type VideoSynthesisBody = operations['dubbingVideoSynthesis']['requestBody']['content']['application/json'];
export type DubSynthesis = components['schemas']['DubSynthesis'];

export function videoSynthesis(body: VideoSynthesisBody, signal?: AbortSignal) {
  return api.call((client, s) => client.POST('/speech/video/transcribe/videoSynthesis', { body, signal: s }), {
    entitlementMessage: 'server',
    ...(signal ? { signal } : {}),
  });
}
