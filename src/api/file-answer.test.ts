// @vitest-environment node
// File calls through the catalogue: a file comes back named, an envelope in its place is a refusal.
import { describe, expect, it } from 'vitest';
import { createApi } from './client';
import { asFileAnswer, fileNameFrom } from './file-answer';
import { fakeFetch, json } from './test-fetch';

function exportThrough(answer: Response) {
  const api = createApi({ baseUrl: 'http://parley.test/prod-api', getToken: () => null, getLocale: () => 'en-US', fetch: fakeFetch(() => answer).fetch });
  return api.call(
    async (client, signal) =>
      asFileAnswer(await client.GET('/speech/audio/transcribe/export', { params: { query: { idStr: '1' } }, parseAs: 'blob', signal }), 'record.txt'),
    { silent: true },
  );
}

describe('asFileAnswer', () => {
  it('hands back the file with the name from Content-Disposition', async () => {
    const file = new Response('hello', {
      headers: { 'Content-Type': 'text/plain', 'Content-Disposition': "attachment; filename*=UTF-8''%E4%BC%9A%E8%AE%AE.txt" },
    });
    const result = await exportThrough(file);
    if (!result.ok) throw new Error('expected a file');
    expect(result.data.fileName).toBe('会议.txt');
    expect(await result.data.blob.text()).toBe('hello');
  });

  it('turns an envelope sent instead of the file into the server-worded refusal', async () => {
    const result = await exportThrough(json({ code: 500, msg: 'No lines to export' }));
    expect(result).toMatchObject({ ok: false, error: { kind: 'business', message: 'No lines to export' } });
  });
});

describe('fileNameFrom', () => {
  it('prefers the UTF-8 name, then the plain one, then the fallback', () => {
    expect(fileNameFrom("attachment; filename=\"a.srt\"; filename*=UTF-8''b%20c.srt", 'x')).toBe('b c.srt');
    expect(fileNameFrom('attachment; filename="a.srt"', 'x')).toBe('a.srt');
    expect(fileNameFrom('attachment; filename=a.vtt', 'x')).toBe('a.vtt');
    expect(fileNameFrom(null, 'x.txt')).toBe('x.txt');
    expect(fileNameFrom("attachment; filename*=UTF-8''%E0%A4%A", 'broken.txt')).toBe('broken.txt');
  });
});
