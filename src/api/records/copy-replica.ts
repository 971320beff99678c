// POST /speech/audio/transcribe/copyReplica (recordsCopyReplica) — a signed-in reader's copy of a
// shared record. Through a page client (page-client.ts): the share page shows its own failures.
import { fromPromise } from 'xstate';
import { required, unwrap } from '../errors';
import { createPageApi } from '../page-client';

export interface SharedRecordRef {
  id: string;
  shareCode: string;
}

export async function copySharedRecord({ id, shareCode }: SharedRecordRef) {
  const pageApi = createPageApi({ visitorToken: null, useStoredToken: true });
  return required(
    unwrap(
      await pageApi.call((client, signal) => client.POST('/speech/audio/transcribe/copyReplica', { body: { id, shareCode }, signal }), {
        silent: true,
      }),
    ),
  );
}

export const copySharedRecordActor = fromPromise(({ input }: { input: SharedRecordRef }) => copySharedRecord(input));
