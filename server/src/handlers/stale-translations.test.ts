// Issue 10: editing a line's original text leaves its old translation in place. The line is now
// marked stale (the contract's translationStale), exports say so instead of presenting the old text
// as current, and retranslateLines translates only the stale lines again (apertium en → es here).
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { issueToken } from '../domain/session/tokens';
import { createUser } from '../domain/session/users';
import { createRecord } from '../domain/records/create-record';
import { sqliteTestConfig } from '../testing/test-config';
import { call, ManualClock, uniqueEmail } from '../testing/inject';
import fs from 'node:fs';

const clock = new ManualClock(Date.parse('2025-03-01T10:00:00.000Z'));
const config = sqliteTestConfig();
let app: FastifyInstance;
let owner: { id: string; token: string };
let stranger: { token: string };

async function signUp(label: string) {
  const user = await createUser(app.db, clock, { kind: 'email', value: uniqueEmail(label) }, 'secret123');
  return { id: user.id, token: await issueToken(app.db, clock, user.id) };
}

beforeAll(async () => {
  app = await buildApp(config, { clock });
  owner = await signUp('stale');
  stranger = await signUp('other');
});
afterAll(async () => {
  await app.close();
  fs.rmSync(config.dataDir, { recursive: true, force: true });
});

type Line = { id: string; startMs: number; endMs: number; text: string; translation: string | null; translationStale?: boolean };
const linesOf = async (id: string): Promise<Line[]> => (await call(app, 'GET', `/speech/audio/transcribe/getTransResult?id=${id}`, { token: owner.token })).data.lines;
const save = (id: string, lines: Line[]) =>
  call(app, 'POST', '/speech/audio/transcribe/editDetails', { token: owner.token, body: { id, lines: lines.map(({ id: lineId, startMs, endMs, text, translation }) => ({ id: lineId, startMs, endMs, text, translation })) } });
const exported = async (id: string, type: string, msgType: string, lang = 'en-US') =>
  (await call(app, 'GET', `/speech/audio/transcribe/export?idStr=${id}&type=${type}&msgType=${msgType}`, { token: owner.token, lang })).body;

async function translatedRecord() {
  const record = await createRecord(app.db, clock, {
    userId: owner.id,
    showName: 'Translated',
    state: 'translation_completed',
    languages: ['en-US'],
    targetLanguages: ['es-ES'],
    segments: [
      { startMs: 0, endMs: 2000, speaker: null, text: 'the cat is black', translation: 'el gato es negro' },
      // A sentinel no engine would write: a re-translation of this line would change it.
      { startMs: 2500, endMs: 4000, speaker: null, text: 'open the door', translation: 'KEEP AS IS' },
    ],
  });
  return record.id;
}

describe('stale translations', () => {
  it('editing the original text marks only that line stale; editing the translation too does not', async () => {
    const id = await translatedRecord();
    const before = await linesOf(id);
    expect(before.map((l) => l.translationStale)).toEqual([false, false]);
    expect((await save(id, [{ ...before[0]!, text: 'the dog is white' }, before[1]!])).code).toBe(200);
    const after = await linesOf(id);
    expect(after.map((l) => [l.text, l.translation, l.translationStale])).toEqual([
      ['the dog is white', 'el gato es negro', true],
      ['open the door', 'KEEP AS IS', false],
    ]);
    // Saving again without touching it keeps the mark; fixing the translation by hand clears it.
    await save(id, after);
    expect((await linesOf(id))[0]!.translationStale).toBe(true);
    await save(id, [{ ...after[0]!, translation: 'el perro es blanco' }, after[1]!]);
    expect((await linesOf(id))[0]!.translationStale).toBe(false);
  });

  it('exports leave stale translations out of subtitles and mark them in documents', async () => {
    const id = await translatedRecord();
    const lines = await linesOf(id);
    await save(id, [{ ...lines[0]!, text: 'the dog is white' }, lines[1]!]);

    const srt = await exported(id, 'srt', 'bilingual');
    expect(srt).toContain('the dog is white\n\n');
    expect(srt).not.toContain('el gato es negro');
    expect(srt).toContain('open the door\nKEEP AS IS');
    const translationOnly = await exported(id, 'srt', 'translation');
    expect(translationOnly.match(/ --> /g)).toHaveLength(1);

    const vtt = await exported(id, 'vtt', 'bilingual');
    expect(vtt).toMatch(/^WEBVTT\n\nNOTE One translation is out of date .* left out; translate it again in Parley\.\n\n/);
    expect(vtt).not.toContain('el gato es negro');

    const txt = await exported(id, 'txt', 'bilingual');
    expect(txt).toContain('the dog is white\n[translation out of date] el gato es negro');
    expect(txt).toContain('One translation is out of date');
    const zh = await exported(id, 'txt', 'bilingual', 'zh-CN');
    expect(zh).toContain('[译文已过期] el gato es negro');
    // The original alone says nothing about translations.
    expect(await exported(id, 'txt', 'original')).not.toContain('out of date');
  });

  it('retranslateLines translates only the stale lines again, and only for the owner', async () => {
    const id = await translatedRecord();
    const lines = await linesOf(id);
    const nothing = await call(app, 'POST', '/speech/audio/transcribe/retranslateLines', { token: owner.token, body: { id } });
    expect(nothing).toMatchObject({ code: 400, msg: 'No line of this transcript has an out-of-date translation' });

    await save(id, [{ ...lines[0]!, text: 'the dog is white' }, { ...lines[1]!, text: 'close the door' }]);
    const edited = await linesOf(id);
    expect(await call(app, 'POST', '/speech/audio/transcribe/retranslateLines', { token: stranger.token, body: { id } })).toMatchObject({ code: 404 });

    // One line on its own first.
    const one = await call(app, 'POST', '/speech/audio/transcribe/retranslateLines', { token: owner.token, body: { id, lineIds: [edited[0]!.id] } });
    expect(one.data).toEqual({ code: 200, msg: 'Translating the edited lines again' });
    await app.services.jobs.whenIdle();
    let now = await linesOf(id);
    expect(now[0]!.translationStale).toBe(false);
    expect(now[0]!.translation).not.toBe('el gato es negro');
    expect(now[0]!.translation).toMatch(/perro/i);
    expect(now[1]).toMatchObject({ translation: 'KEEP AS IS', translationStale: true });

    // Then every stale line left.
    await call(app, 'POST', '/speech/audio/transcribe/retranslateLines', { token: owner.token, body: { id } });
    await app.services.jobs.whenIdle();
    now = await linesOf(id);
    expect(now[1]!.translationStale).toBe(false);
    expect(now[1]!.translation).not.toBe('KEEP AS IS');
    const record = (await call(app, 'GET', `/speech/audio/transcribe/getTrans?id=${id}`, { token: owner.token })).data;
    expect(record).toMatchObject({ state: 'translation_completed', targetLanguages: ['es-ES'] });
  }, 60_000);
});
