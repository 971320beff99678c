// GET /speech/audio/transcribe/getLatestTrans (recordsGetLatestTrans) — the newest record with the
// remembered upload form and any interrupted upload. Unchecked: without it no restore is offered.
import { fromPromise } from 'xstate';
import { api } from '../instance';

export async function fetchLatestRecord() {
  const result = await api.call((client, signal) => client.GET('/speech/audio/transcribe/getLatestTrans', { signal }), { silent: true });
  return result.ok ? (result.data ?? null) : null;
}

export const fetchLatestRecordActor = fromPromise(() => fetchLatestRecord());
