// POST /speech/audio/transcribe/edit (recordsEdit) — rename, favourite, move, and the share
// settings of a record. Checked: the api layer toasts the server's message on a refusal.
import { fromPromise } from 'xstate';
import { required, unwrap } from '../errors';
import { api } from '../instance';
import type { operations } from '../schema';

export type RecordEditBody = operations['recordsEdit']['requestBody']['content']['application/json'];

export async function editRecord(body: RecordEditBody) {
  return required(unwrap(await api.call((client, signal) => client.POST('/speech/audio/transcribe/edit', { body, signal }))));
}

export const editRecordActor = fromPromise(({ input }: { input: RecordEditBody }) => editRecord(input));
