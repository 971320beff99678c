// POST /file/srtRead (dubbingSrtRead) — the cues of an .srt as the server's SRT reader reads them
// (encoding detected, layout tolerated, refusals naming the cue and line), nothing stored: the dub
// editor's "import subtitles". Checked.
import { api } from '../instance';

export function readSrtFile(file: Blob, name: string, signal?: AbortSignal) {
  const form = new FormData();
  form.append('file', file, name);
  return api.call(
    // openapi-fetch types a multipart body as its fields; the browser needs the FormData itself.
    (client, s) => client.POST('/file/srtRead', { body: form as never, signal: s }),
    signal ? { signal } : {},
  );
}
