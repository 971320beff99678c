// GET /speech/audio/transcribe/getTransShareStatus (recordsGetTransShareStatus) — whether a shared
// record may be copied. The share page reads it together with the record, on its page client.
import { fromPromise } from 'xstate';
import type { ApiCaller } from '../client';
import { unwrap } from '../errors';
import { createPageApi } from '../page-client';
import type { components } from '../schema';
import { requestTransResult } from '../shared/get-trans-result';

type Schemas = components['schemas'];

export function requestTransShareStatus(query: { id: string; shareCode: string }, via: ApiCaller) {
  return via.call((client, signal) => client.GET('/speech/audio/transcribe/getTransShareStatus', { params: { query }, signal }), {
    silent: true,
  });
}

export interface ShareReadInput {
  id: string;
  shareCode: string;
  /** Null: read with the stored sign-in instead. */
  visitorToken: string | null;
}

export interface SharedRecord {
  record: Schemas['Record'];
  lines: Schemas['SubtitleLine'][];
  copyAllowed: boolean;
}

/** The share page's read: the record and its lines, and whether the owner allows a copy. */
export async function readSharedRecord(input: ShareReadInput): Promise<SharedRecord> {
  const pageApi = createPageApi({ visitorToken: input.visitorToken, useStoredToken: input.visitorToken === null });
  const query = { id: input.id, shareCode: input.shareCode };
  const [transcriptResult, shareResult] = await Promise.all([
    requestTransResult(query, { via: pageApi, silent: true }),
    requestTransShareStatus(query, pageApi),
  ]);
  // Both answers are in before either is judged, so the record's own failure is the one reported.
  const transcript = unwrap(transcriptResult);
  const share = unwrap(shareResult);
  return { record: transcript.record, lines: transcript.lines, copyAllowed: share.copyStatus === '1' };
}

export const readSharedRecordActor = fromPromise<SharedRecord, ShareReadInput>(({ input }) => readSharedRecord(input));
