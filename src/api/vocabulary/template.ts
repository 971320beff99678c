// GET /speech/document/template (vocabularyTemplate) — the empty import template of one kind, its
// headers in the user's language. Checked.
import { fromPromise } from 'xstate';
import { unwrap } from '../errors';
import { saveToDisk } from '../../shared/save-file';
import { asFileAnswer, type DownloadedFile } from '../file-answer';
import { api } from '../instance';
import type { ApiResult } from '../types';
import type { VocabularyKind } from './types';

export function fetchTemplate(kind: VocabularyKind): Promise<ApiResult<DownloadedFile>> {
  return api.call(async (client, signal) =>
    asFileAnswer(await client.GET('/speech/document/template', { params: { query: { kind } }, parseAs: 'blob', signal }), `${kind}-template.xlsx`),
  );
}

/** Downloads the template; rejects with the ApiError. */
export async function downloadTemplate(kind: VocabularyKind): Promise<void> {
  saveToDisk(unwrap(await fetchTemplate(kind)));
}

export const downloadTemplateActor = fromPromise<void, { kind: VocabularyKind }>(({ input }) => downloadTemplate(input.kind));
