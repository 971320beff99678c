// GET /speech/audio/transcribe/export (recordsExport) — one record in a format, or several as one
// zip (the server decides by the id count). The record list and the transcript page export.
// Unchecked: each caller reports a refusal itself.
import { fromPromise } from 'xstate';
import { unwrap } from '../errors';
import { saveToDisk } from '../../shared/save-file';
import { asFileAnswer, type DownloadedFile } from '../file-answer';
import { api } from '../instance';
import type { operations } from '../schema';
import type { ApiResult } from '../types';

export type ExportQuery = operations['recordsExport']['parameters']['query'];

export function exportRecords(query: ExportQuery, fallbackName: string, signal?: AbortSignal): Promise<ApiResult<DownloadedFile>> {
  return api.call(
    async (client, s) =>
      asFileAnswer(await client.GET('/speech/audio/transcribe/export', { params: { query }, parseAs: 'blob', signal: s }), fallbackName),
    { silent: true, ...(signal ? { signal } : {}) },
  );
}

export interface RecordsDownload {
  ids: string[];
  format: NonNullable<ExportQuery['type']>;
}

/** The record list's export: the chosen records downloaded as one file; rejects with the ApiError. */
export async function downloadRecords({ ids, format }: RecordsDownload): Promise<void> {
  const fallbackName = ids.length > 1 ? 'records.zip' : `record.${format}`;
  saveToDisk(unwrap(await exportRecords({ idStr: ids.join(','), type: format }, fallbackName)));
}

export const downloadRecordsActor = fromPromise<void, RecordsDownload>(({ input }) => downloadRecords(input));
