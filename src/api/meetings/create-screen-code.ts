// POST /speech/meeting/createScreenCode (meetingsCreateScreenCode) — a short code a screen enters
// to show the meeting's subtitles. Checked.
import { fromPromise } from 'xstate';
import { unwrap } from '../errors';
import { api } from '../instance';
import type { ScreenCode } from './meeting-types';

export async function createScreenCode(meetingId: string): Promise<ScreenCode> {
  return unwrap(await api.call((client, signal) => client.POST('/speech/meeting/createScreenCode', { body: { meetingId }, signal })));
}

export const createScreenCodeActor = fromPromise<ScreenCode, { meetingId: string }>(({ input }) => createScreenCode(input.meetingId));
