// POST /speech/document/import (vocabularyImport, multipart, long time-out) — one Excel file into a
// library (new when no id). With preview the server only checks every row and saves nothing; the
// real import is all-or-nothing. Checked.
import { fromPromise } from 'xstate';
import { required, unwrap } from '../errors';
import { api } from '../instance';
import type { operations } from '../schema';

type ImportFields = operations['vocabularyImport']['requestBody']['content']['multipart/form-data'];
export type VocabularyImportRequest = Omit<ImportFields, 'file' | 'preview'> & { file: File; preview: boolean };

function formOf(request: VocabularyImportRequest): FormData {
  const form = new FormData();
  form.append('kind', request.kind);
  if (request.id) form.append('id', request.id);
  if (request.name) form.append('name', request.name);
  if (request.language) form.append('language', request.language);
  if (request.translationLanguage) form.append('translationLanguage', request.translationLanguage);
  form.append('preview', request.preview ? 'true' : 'false');
  // The file goes last so the server can read the fields before the bytes.
  form.append('file', request.file, request.file.name);
  return form;
}

export async function importVocabulary(request: VocabularyImportRequest, signal?: AbortSignal) {
  const form = formOf(request);
  const result = await api.call(
    // openapi-fetch types a multipart body as its fields; the browser needs the FormData itself.
    (client, s) => client.POST('/speech/document/import', { body: form as never, signal: s }),
    signal ? { signal } : {},
  );
  return required(unwrap(result));
}

export const importVocabularyActor = fromPromise(({ input, signal }: { input: VocabularyImportRequest; signal: AbortSignal }) =>
  importVocabulary(input, signal),
);
