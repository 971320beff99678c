// GET /speech/audio/transcribe/getTransResult (recordsGetTransResult) — a record with its lines.
// The transcript page reads it on the app client (checked); the record share page reads it with a
// share code on its page client (silent, see page-client.ts).
import { fromPromise } from 'xstate';
import type { ApiCaller } from '../client';
import { unwrap } from '../errors';
import { api } from '../instance';
import type { operations } from '../schema';

export type TransResultQuery = operations['recordsGetTransResult']['parameters']['query'];

export interface TransResultOptions {
  /** The client to ask through; the app-wide one unless the page keeps its own. */
  via?: ApiCaller;
  silent?: boolean;
}

export function requestTransResult(query: TransResultQuery, { via = api, silent = false }: TransResultOptions = {}) {
  return via.call((client, signal) => client.GET('/speech/audio/transcribe/getTransResult', { params: { query }, signal }), { silent });
}

export async function getTransResult(query: TransResultQuery, options: TransResultOptions = {}) {
  return unwrap(await requestTransResult(query, options));
}

export interface TranscriptQuery {
  id: string;
  shareCode?: string | undefined;
  lang?: string | undefined;
}

/** The transcript page's read: checked, with only the parameters it has. */
export function fetchTranscript({ id, shareCode, lang }: TranscriptQuery) {
  return getTransResult({ id, ...(shareCode ? { shareCode } : {}), ...(lang ? { lang } : {}) });
}

export const fetchTranscriptActor = fromPromise(({ input }: { input: TranscriptQuery }) => fetchTranscript(input));
