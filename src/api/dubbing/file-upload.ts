// POST /file/upload (dubbingFileUpload) — stores an SRT attachment of a dubbing file; the answer's
// data.url goes into the dub form as srtUrl. Checked.
import { api } from '../instance';

export function uploadSrtFile(file: Blob, name: string, signal?: AbortSignal) {
  const form = new FormData();
  form.append('file', file, name);
  return api.call(
    // openapi-fetch types a multipart body as its fields; the browser needs the FormData itself.
    (client, s) => client.POST('/file/upload', { body: form as never, signal: s }),
    signal ? { signal } : {},
  );
}
