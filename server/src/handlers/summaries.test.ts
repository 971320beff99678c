// AI summaries on SQLite and PostgreSQL: the extractive summary picks real sentences of the
// transcript, is stored per record and language, refreshes only after the countdown, is readable
// with a share code, comes as a real Word file, and uses the OpenAI-compatible adapter when
// SUMMARY_URL points at a service (a local server speaking the chat completions API).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUMMARY_REFRESH_SECONDS } from '../../../src/shared/contract/limits';
import { loadEngineConfig } from '../engines/config';
import { useRecordsTestApp, type TestUser } from '../testing/records-test-kit';
import { databaseVariants, type DatabaseVariant } from '../testing/database-variants';

const variants = await databaseVariants();
const notFound = { code: 404, msg: 'The record does not exist' };

const meeting = [
  'The budget for the new office is ready.',
  'We agreed the budget covers rent and furniture.',
  'Lunch was nice today.',
  'The office move happens in May and the budget allows two extra desks.',
  'Please send questions about the office budget to Ann.',
  'See you next week.',
];
const lines = meeting.map((text, i) => ({ startMs: i * 2000, endMs: i * 2000 + 1900, speaker: i % 2 ? 'Bob' : 'Ann', text, translation: null }));

describe.each(variants)('summaries on $name', (variant) => {
  const kit = useRecordsTestApp(variant);

  const summarise = (who: TestUser, body: object) => kit.post('/ai/ai/mediaSummary', who, body);

  describe.skipIf(variant.skipReason)('', () => {
    it('summarises with real sentences, stores it, and enforces the refresh countdown', async () => {
      const owner = await kit.signUp();
      const other = await kit.signUp('other');
      const id = await kit.seedRecord(owner, { languages: ['en-US'], segments: lines });

      expect((await kit.post('/ai/ai/queryMediaSummary', owner, { transId: id })).data).toBeNull();
      const first = await summarise(owner, { transId: id });
      expect(first.code).toBe(200);
      expect(first.data).toMatchObject({ transId: id, lang: 'en-US', state: 'completed', refreshAfterSeconds: SUMMARY_REFRESH_SECONDS });
      const picked = first.data.content.match(/[^.]+\./g).map((s: string) => s.trim());
      expect(picked.length).toBeGreaterThanOrEqual(2);
      for (const sentence of picked) expect(meeting).toContain(sentence);
      expect(first.data.content).toMatch(/budget/);
      expect(first.data.content).not.toMatch(/Lunch/);
      for (const point of first.data.keyPoints) expect(meeting).toContain(point);

      const tooSoon = await summarise(owner, { transId: id });
      expect(tooSoon).toMatchObject({ code: 429, msg: `The summary can be refreshed again in ${SUMMARY_REFRESH_SECONDS} s` });
      kit.clock.advanceSeconds(20);
      const read = await kit.post('/ai/ai/queryMediaSummary', owner, { transId: id });
      expect(read.data).toMatchObject({ content: first.data.content, refreshAfterSeconds: SUMMARY_REFRESH_SECONDS - 20 });
      kit.clock.advanceSeconds(SUMMARY_REFRESH_SECONDS - 20);
      expect((await summarise(owner, { transId: id })).code).toBe(200);

      expect(await summarise(other, { transId: id })).toMatchObject(notFound);
      expect(await kit.post('/ai/ai/queryMediaSummary', other, { transId: id })).toMatchObject(notFound);
      const empty = await kit.seedRecord(owner, { segments: [] });
      expect((await summarise(owner, { transId: empty })).code).toBe(400);
    });

    it('lets a share code holder read the summary but not make one', async () => {
      const owner = await kit.signUp();
      const holder = await kit.signUp('holder');
      const id = await kit.seedRecord(owner, { languages: ['en-US'], segments: lines });
      await summarise(owner, { transId: id });
      const shared = await kit.post('/speech/audio/transcribe/edit', owner, { id, shareStatus: '1' });
      const shareCode = shared.data.shareCode as string;
      const read = await kit.post('/ai/ai/queryMediaSummary', holder, { transId: id, shareCode });
      expect(read.data.state).toBe('completed');
      expect(await summarise(holder, { transId: id })).toMatchObject(notFound);
    });

    it('summarises the latest lines in a fixed number of sentences', async () => {
      const owner = await kit.signUp();
      const id = await kit.seedRecord(owner, { languages: ['en-US'], segments: lines });
      const one = await kit.post('/ai/ai/mediaFixedCountSummary', owner, { transId: id, count: 3, sentences: 1 });
      expect(one.code).toBe(200);
      expect(one.data.keyPoints).toHaveLength(1);
      expect(meeting.slice(-3)).toContain(one.data.content);
    });

    it('downloads the summary as a Word file with the title, summary and key points', async () => {
      const owner = await kit.signUp();
      const id = await kit.seedRecord(owner, { showName: 'Office move', languages: ['en-US'], segments: lines });
      const download = (body: object) =>
        kit.app.inject({
          method: 'POST',
          url: '/prod-api/ai/summaryTemplate/download',
          headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        });
      const missing = await download({ transId: id });
      expect(JSON.parse(missing.body)).toMatchObject({ code: 404, msg: 'There is no summary of this record yet' });

      const summary = (await summarise(owner, { transId: id })).data;
      const response = await download({ transId: id });
      expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
      expect(String(response.headers['content-disposition'])).toContain('Office move - summary.docx');
      const zip = await JSZip.loadAsync(response.rawPayload);
      const xml = await zip.file('word/document.xml')!.async('string');
      const text = xml.replace(/<[^>]+>/g, '');
      expect(text).toContain('Office move');
      expect(text).toContain('Key points');
      expect(text).toContain(summary.content);
      for (const point of summary.keyPoints) expect(text).toContain(point);
    });
  });
});

describe.each(variants.slice(0, 1))('summaries through SUMMARY_URL on $name', (baseVariant) => {
  const requests: any[] = [];
  const service = http.createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => (raw += chunk));
    request.on('end', () => {
      requests.push({ url: request.url, body: JSON.parse(raw) });
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ choices: [{ message: { role: 'assistant', content: 'The office budget is ready. The move is in May.' } }] }));
    });
  });
  const variant: DatabaseVariant = {
    ...baseVariant,
    create: async (overrides) => {
      const port = (service.address() as AddressInfo).port;
      return baseVariant.create({ ...overrides, engines: loadEngineConfig({ SUMMARY_URL: `http://127.0.0.1:${port}` }) });
    },
  };
  beforeAll(() => new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve)));
  const kit = useRecordsTestApp(variant);
  afterAll(() => new Promise<void>((resolve) => service.close(() => resolve())));

  it('uses the OpenAI-compatible chat service', async () => {
    const owner = await kit.signUp();
    const id = await kit.seedRecord(owner, { languages: ['en-US'], segments: lines });
    const answer = await kit.post('/ai/ai/mediaSummary', owner, { transId: id });
    expect(answer.data).toMatchObject({ state: 'completed', content: 'The office budget is ready. The move is in May.' });
    expect(answer.data.keyPoints).toEqual(['The office budget is ready.', 'The move is in May.']);
    expect(requests[0].url).toBe('/v1/chat/completions');
    expect(JSON.stringify(requests[0].body)).toContain('Lunch was nice today.');
  });
});
