// AI summaries on SQLite and PostgreSQL: the offline summary picks real sentences of the transcript
// and fills decisions, action items (with speakers) and keywords, is stored per record and language,
// tells when the transcript changed since, refreshes only after the countdown, is readable with a
// share code, comes as a real Word file; bad input gets a translated 4xx; another language is
// translated by TRANSLATE_URL; SUMMARY_URL uses the chat service and falls back offline with a note.
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

    it('summarises the latest lines in a fixed number of sentences, key points distinct', async () => {
      const owner = await kit.signUp();
      const id = await kit.seedRecord(owner, { languages: ['en-US'], segments: lines });
      const one = await kit.post('/ai/ai/mediaFixedCountSummary', owner, { transId: id, count: 3, sentences: 1 });
      expect(one.code).toBe(200);
      expect(meeting.slice(-3)).toContain(one.data.content);
      expect(one.data.keyPoints).not.toContain(one.data.content);
      for (const point of one.data.keyPoints) expect(meeting.slice(-3)).toContain(point);
      expect(one.data).toMatchObject({ engine: 'offline', sourceLang: 'en-US', note: null });
    });

    it('fills decisions, action items with speakers and keywords, and tells when the transcript changed', async () => {
      const owner = await kit.signUp();
      const id = await kit.seedRecord(owner, { languages: ['en-US'], segments: lines });
      const made = (await summarise(owner, { transId: id })).data;
      expect(made).toMatchObject({ engine: 'offline', sourceLang: 'en-US', lang: 'en-US', note: null, transcriptChanged: false });
      expect(made.decisions).toEqual([{ text: 'We agreed the budget covers rent and furniture.', speaker: 'Bob' }]);
      expect(made.actionItems).toContainEqual({ text: 'Please send questions about the office budget to Ann.', speaker: 'Ann' });
      expect(made.keywords).toContain('budget');
      expect((await kit.post('/ai/ai/queryMediaSummary', owner, { transId: id })).data).toMatchObject({ decisions: made.decisions, transcriptChanged: false });

      const current = await kit.get('/speech/audio/transcribe/getTransResult', owner, { id });
      const edited = current.data.lines.map((l: any, i: number) => ({ id: l.id, startMs: l.startMs, endMs: l.endMs, speaker: l.speaker, text: i === 2 ? 'Lunch is at noon.' : l.text }));
      expect((await kit.post('/speech/audio/transcribe/editDetails', owner, { id, lines: edited })).code).toBe(200);
      expect((await kit.post('/ai/ai/queryMediaSummary', owner, { transId: id })).data.transcriptChanged).toBe(true);
    });

    it('answers bad input with a translated 4xx, never a 500 nor a repeated sentence', async () => {
      const owner = await kit.signUp();
      const fillers = await kit.seedRecord(owner, {
        languages: ['en-US'],
        segments: ['Um, uh, yeah.', 'Okay. Mm-hmm.', '{laughter}'].map((text, i) => ({ startMs: i * 1000, endMs: i * 1000 + 900, speaker: null, text, translation: null })),
      });
      expect(await summarise(owner, { transId: fillers })).toMatchObject({ code: 400, msg: 'The transcript holds only fillers and noises: there is nothing to summarise' });
      expect(await kit.post('/ai/ai/mediaFixedCountSummary', owner, { transId: fillers })).toMatchObject({ code: 400 });
      expect((await kit.post('/ai/ai/queryMediaSummary', owner, { transId: fillers })).data).toBeNull();

      const oneLine = await kit.seedRecord(owner, { languages: ['en-US'], segments: [{ startMs: 0, endMs: 900, speaker: 'Ann', text: 'The launch moves to March', translation: null }] });
      const single = await summarise(owner, { transId: oneLine });
      expect(single.data).toMatchObject({ content: 'The launch moves to March.', keyPoints: [] });

      const repeated = await kit.seedRecord(owner, {
        languages: ['en-US'],
        segments: Array.from({ length: 5 }, (_, i) => ({ startMs: i * 1000, endMs: i * 1000 + 900, speaker: 'Ann', text: 'The launch moves to March.', translation: null })),
      });
      expect((await summarise(owner, { transId: repeated })).data).toMatchObject({ content: 'The launch moves to March.', keyPoints: [] });

      // No engine translates English into Japanese here: refused before anything is generated.
      const noEngine = await summarise(owner, { transId: oneLine, lang: 'ja-JP' });
      expect(noEngine).toMatchObject({ code: 422, msg: 'A summary in ja-JP cannot be made: no translation engine can translate en-US into ja-JP' });
      expect((await kit.post('/ai/ai/queryMediaSummary', owner, { transId: oneLine, lang: 'ja-JP' })).data).toBeNull();
      const zh = await kit.app.inject({
        method: 'POST',
        url: '/prod-api/ai/ai/mediaSummary',
        headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json', 'accept-language': 'zh-TW' },
        payload: JSON.stringify({ transId: oneLine, lang: 'ja-JP' }),
      });
      expect(JSON.parse(zh.body)).toMatchObject({ code: 422, msg: '無法產生ja-JP摘要：沒有可將en-US翻譯成ja-JP的翻譯引擎' });
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

describe.each(variants.slice(0, 1))('summaries through SUMMARY_URL and TRANSLATE_URL on $name', (baseVariant) => {
  const requests: any[] = [];
  let failing = false;
  const service = http.createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => (raw += chunk));
    request.on('end', () => {
      const body = JSON.parse(raw);
      requests.push({ url: request.url, body });
      response.setHeader('content-type', 'application/json');
      if (request.url === '/translate') {
        // LibreTranslate: one translation per text, same order.
        response.end(JSON.stringify({ translatedText: (body.q as string[]).map((text) => `[es] ${text}`) }));
        return;
      }
      if (failing) {
        response.statusCode = 500;
        response.end('{"error":"model crashed"}');
        return;
      }
      const content = { summary: 'The office budget is ready. The move is in May.', keyPoints: ['Two extra desks.'], decisions: [{ text: 'The budget covers rent.', speaker: 'Bob' }], actionItems: [], keywords: ['budget'] };
      response.end(JSON.stringify({ choices: [{ message: { role: 'assistant', content: '```json\n' + JSON.stringify(content) + '\n```' } }] }));
    });
  });
  const variant: DatabaseVariant = {
    ...baseVariant,
    create: async (overrides) => {
      const url = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;
      return baseVariant.create({ ...overrides, engines: loadEngineConfig({ SUMMARY_URL: url, TRANSLATE_URL: url }) });
    },
  };
  beforeAll(() => new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve)));
  const kit = useRecordsTestApp(variant);
  afterAll(() => new Promise<void>((resolve) => service.close(() => resolve())));

  it('uses the OpenAI-compatible chat service and its JSON shape', async () => {
    const owner = await kit.signUp();
    const id = await kit.seedRecord(owner, { languages: ['en-US'], segments: lines });
    const answer = await kit.post('/ai/ai/mediaSummary', owner, { transId: id });
    expect(answer.data).toMatchObject({
      state: 'completed',
      content: 'The office budget is ready. The move is in May.',
      keyPoints: ['Two extra desks.'],
      decisions: [{ text: 'The budget covers rent.', speaker: 'Bob' }],
      engine: 'llm',
      note: null,
    });
    const chat = requests.find((r) => r.url === '/v1/chat/completions');
    expect(JSON.stringify(chat.body)).toContain('Bob: We agreed the budget covers rent and furniture.');
  });

  it('falls back to the offline summariser with a translated note when the service fails', async () => {
    const owner = await kit.signUp();
    const id = await kit.seedRecord(owner, { languages: ['en-US'], segments: lines });
    failing = true;
    try {
      const answer = await kit.post('/ai/ai/mediaSummary', owner, { transId: id });
      expect(answer.data).toMatchObject({ state: 'completed', engine: 'offline', note: 'The summary service did not answer, so the offline summariser wrote this summary' });
      expect(answer.data.content).toMatch(/budget/);
    } finally {
      failing = false;
    }
  });

  it('translates a summary asked in another language and says which language it was made from', async () => {
    const owner = await kit.signUp();
    const id = await kit.seedRecord(owner, { languages: ['en-US'], segments: lines });
    const answer = await kit.post('/ai/ai/mediaSummary', owner, { transId: id, lang: 'es-ES' });
    expect(answer.data).toMatchObject({
      lang: 'es-ES',
      sourceLang: 'en-US',
      content: '[es] The office budget is ready. The move is in May.',
      keyPoints: ['[es] Two extra desks.'],
      decisions: [{ text: '[es] The budget covers rent.', speaker: 'Bob' }],
      keywords: ['[es] budget'],
    });
    expect((await kit.post('/ai/ai/queryMediaSummary', owner, { transId: id })).data).toBeNull();
  });
});
