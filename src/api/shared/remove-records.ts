// POST /speech/audio/transcribe/remove (recordsRemove) — deletes records. The record list deletes
// what the user chose; the upload dialog deletes uploaded records it will not submit. Checked.
import { fromPromise } from 'xstate';
import { unwrap } from '../errors';
import { api } from '../instance';

export async function removeRecords(ids: string[]): Promise<void> {
  unwrap(await api.call((client, signal) => client.POST('/speech/audio/transcribe/remove', { body: { ids }, signal })));
}

export const removeRecordsActor = fromPromise<void, { ids: string[] }>(({ input }) => removeRecords(input.ids));

/** The upload dialog's variant: nothing uploaded yet means nothing to ask the server. */
export const removeRecordsIfAnyActor = fromPromise<void, { ids: string[] }>(async ({ input }) => {
  if (input.ids.length > 0) await removeRecords(input.ids);
});
