// Issue 10: a 32-second recording came back as one line 00:00–00:31, so its SRT was one 31-second
// subtitle. Here about 30 s of real espeak-ng speech goes through the upload pipeline with the
// embedded recogniser (pocketsphinx) and must come back as several lines of at most 7 s, in order,
// never overlapping, every recognised word kept, and an SRT export with as many cues.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { issueToken } from '../domain/session/tokens';
import { createUser } from '../domain/session/users';
import { speak, uploadWhole } from '../testing/upload-test-kit';
import { probeMedia } from '../engines/media';
import { PocketsphinxRecognizer } from '../engines/pocketsphinx-recognizer';
import { sqliteTestConfig } from '../testing/test-config';
import { call, uniqueEmail, ManualClock } from '../testing/inject';

// Spoken as one run, with commas rather than full stops, like someone talking without stopping.
const TEXT = [
  'good morning everyone and thank you for coming to the weekly planning meeting',
  'today we want to look at the budget for next year and the plan for each team',
  'the sales team asked for more people in the spring and the support team asked for better tools',
  'we also need to decide where the summer meeting will be held and who will organise the travel',
  'please send your notes to the office before friday so we can prepare the final report',
].join(', ');

const fixtures = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-lines-'));
const speech = speak(path.join(fixtures, 'monologue.wav'), TEXT);
afterAll(() => fs.rmSync(fixtures, { recursive: true, force: true }));

describe('subtitle-grade lines from real speech', () => {
  const config = sqliteTestConfig();
  let app: FastifyInstance;
  let token: string;

  beforeAll(async () => {
    app = await buildApp(config, { clock: new ManualClock(Date.parse('2025-03-01T10:00:00.000Z')) });
    const user = await createUser(app.db, app.services.clock, { kind: 'email', value: uniqueEmail('lines') }, 'secret123');
    token = await issueToken(app.db, app.services.clock, user.id);
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(config.dataDir, { recursive: true, force: true });
  });

  it('a ~30 s recording becomes several lines of at most 7 s', async () => {
    const { durationMs } = await probeMedia(speech);
    expect(durationMs).toBeGreaterThan(25_000);
    // What the recogniser itself returns, for the report: its utterances are far longer than a subtitle.
    const raw = await new PocketsphinxRecognizer().transcribe(speech, { language: 'en-US' });
    const longest = Math.max(...raw.segments.map((s) => s.endMs - s.startMs));
    console.info(`pocketsphinx: ${raw.segments.length} segment(s), longest ${longest} ms, ${raw.words.length} words in ${durationMs} ms of audio`);

    const uploaded = await uploadWhole(app, token, speech);
    const id = uploaded.data[0].id as string;
    const started = await call(app, 'POST', '/speech/audio/transcribe/transwrite', { token, body: { ids: [id], showName: 'Monologue', audioLanguage: 'en-US' } });
    expect(started.data.code).toBe(200);
    await app.services.jobs.whenIdle();
    const result = await call(app, 'GET', `/speech/audio/transcribe/getTransResult?id=${id}`, { token });
    expect(result.data.record.state).toBe('transcription_completed');
    const lines = result.data.lines as Array<{ startMs: number; endMs: number; text: string; words?: { text: string }[] }>;
    console.info(`lines: ${lines.map((l) => `${l.startMs}-${l.endMs}`).join(', ')}`);

    expect(lines.length).toBeGreaterThanOrEqual(Math.ceil(durationMs / 7000));
    for (const [index, line] of lines.entries()) {
      expect(line.endMs - line.startMs).toBeLessThanOrEqual(7000);
      expect(line.text.length).toBeLessThanOrEqual(2 * 42 + 1);
      if (index > 0) expect(line.startMs).toBeGreaterThanOrEqual(lines[index - 1]!.endMs);
    }
    // Every recognised word is kept, once, in order.
    expect(lines.flatMap((l) => l.text.split(' '))).toEqual(raw.words.map((w) => w.text));

    const exported = await call(app, 'GET', `/speech/audio/transcribe/export?idStr=${id}&type=srt&msgType=original`, { token });
    expect(exported.status).toBe(200);
    expect(exported.body.match(/ --> /g)?.length).toBe(lines.length);
  }, 180_000);
});
