// GET /speech/audio/transcribe/getTrans (recordsGetTrans) — one record as it is now. The list reads
// its processing rows again with it (silently: a timer, not the user, asked).
import { fromPromise } from 'xstate';
import { isApiError, unwrap } from '../errors';
import { api } from '../instance';
import type { RecordView } from '../../shared/contract/record';
import { withDubStatus } from './dub-status';

type RecordItem = RecordView;

/** The contract's answer for a record deleted meanwhile. */
const RECORD_GONE_CODE = 404;

export function getRecord(id: string, signal?: AbortSignal) {
  return api.call((client, s) => client.GET('/speech/audio/transcribe/getTrans', { params: { query: { id } }, signal: s }), {
    silent: true,
    ...(signal ? { signal } : {}),
  });
}

export interface RecordsRefresh {
  updated: RecordItem[];
  goneIds: string[];
}

/** Reads each record again; a deleted one is reported gone, any other failure fails the whole refresh. */
export async function refreshRecords(ids: string[], signal?: AbortSignal): Promise<RecordsRefresh> {
  const answers = await Promise.all(
    ids.map(async (id) => {
      const result = await getRecord(id, signal);
      if (!result.ok && isApiError(result.error) && result.error.code === RECORD_GONE_CODE) return { id, record: null };
      return { id, record: unwrap(result) };
    }),
  );
  return {
    updated: await withDubStatus(answers.flatMap((answer) => (answer.record ? [answer.record] : [])), signal),
    goneIds: answers.filter((answer) => !answer.record).map((answer) => answer.id),
  };
}

export const refreshRecordsActor = fromPromise<RecordsRefresh, { ids: string[] }>(({ input, signal }) => refreshRecords(input.ids, signal));
