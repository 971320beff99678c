// POST /speech/audio/transcribe/refreshRecord (recordsRefreshRecord) — reads a record again; when
// its transcription or translation failed, the server queues it again first (Retry in the list,
// e.g. after the operator installed an engine or set ASR_URL). Checked: a refusal is toasted.
import { fromPromise } from 'xstate';
import { required, unwrap } from '../errors';
import { api } from '../instance';

export async function refreshRecord(id: string) {
  return required(unwrap(await api.call((client, signal) => client.POST('/speech/audio/transcribe/refreshRecord', { body: { id }, signal }))));
}

export const refreshRecordActor = fromPromise(({ input }: { input: { id: string } }) => refreshRecord(input.id));
