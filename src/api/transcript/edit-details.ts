// POST /speech/audio/transcribe/editDetails (recordsEditDetails) — saves edited transcript lines.
// Checked: the api layer toasts a refusal.
import { fromPromise } from 'xstate';
import { unwrap } from '../errors';
import { api } from '../instance';
import type { operations } from '../schema';

export type EditDetailsBody = operations['recordsEditDetails']['requestBody']['content']['application/json'];

export async function editDetails(body: EditDetailsBody): Promise<void> {
  unwrap(await api.call((client, signal) => client.POST('/speech/audio/transcribe/editDetails', { body, signal })));
}

export const editDetailsActor = fromPromise<void, EditDetailsBody>(({ input }) => editDetails(input));
