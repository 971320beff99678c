// GET /speech/document/export (vocabularyExport) — one library as .xlsx in the template's layout.
// Checked: a refusal arrives as an envelope and is toasted like any other call's.
import { fromPromise } from 'xstate';
import { unwrap } from '../errors';
import { saveToDisk } from '../../shared/save-file';
import { asFileAnswer, type DownloadedFile } from '../file-answer';
import { api } from '../instance';
import type { ApiResult } from '../types';

export function exportLibrary(id: string): Promise<ApiResult<DownloadedFile>> {
  return api.call(async (client, signal) =>
    asFileAnswer(await client.GET('/speech/document/export', { params: { query: { id } }, parseAs: 'blob', signal }), 'vocabulary.xlsx'),
  );
}

/** Downloads the library; rejects with the ApiError. */
export async function downloadLibrary(id: string): Promise<void> {
  saveToDisk(unwrap(await exportLibrary(id)));
}

export const downloadLibraryActor = fromPromise<void, { id: string }>(({ input }) => downloadLibrary(input.id));
