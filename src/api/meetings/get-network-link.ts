// GET /speech/meeting/getNetworkLink (meetingsGetNetworkLink) — resolves a cast code a screen
// entered. Unchecked: the cast page shows an unknown or expired code itself.
import { fromPromise } from 'xstate';
import { unwrap } from '../errors';
import { api } from '../instance';
import type { ScreenCode } from './meeting-types';

export async function resolveCastCode(shortCode: string, signal?: AbortSignal): Promise<ScreenCode> {
  return unwrap(
    await api.call((client, s) => client.GET('/speech/meeting/getNetworkLink', { params: { query: { shortCode } }, signal: s }), {
      silent: true,
      ...(signal ? { signal } : {}),
    }),
  );
}

export const resolveCastCodeActor = fromPromise<ScreenCode, { code: string }>(({ input, signal }) => resolveCastCode(input.code, signal));
