// GET /speech/meeting/openInvite (meetingsOpenInvite) — the meeting an invitation link admits to, as
// a participant sees it. Unchecked: the join page shows a closed, expired or unknown invitation itself.
import { fromPromise } from 'xstate';
import { unwrap } from '../errors';
import { api } from '../instance';
import type { Meeting } from './meeting-types';

export async function openInvite(code: string, signal?: AbortSignal): Promise<Meeting> {
  return unwrap(
    await api.call((client, s) => client.GET('/speech/meeting/openInvite', { params: { query: { code } }, signal: s }), {
      silent: true,
      ...(signal ? { signal } : {}),
    }),
  );
}

export const openInviteActor = fromPromise<Meeting, { code: string }>(({ input, signal }) => openInvite(input.code, signal));
