// Uploads use the owner's default vocabulary libraries (issue 14 §4), on real engines and on both
// databases: pocketsphinx has "Datadog" in its dictionary (issue 26) and the correction pass follows, a
// replacement applies to the transcript, a translation term keeps its fixed Spanish translation
// through apertium, and the record names the libraries in force. Without SVIP none applies.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { issueToken } from '../domain/session/tokens';
import { createUser } from '../domain/session/users';
import { grantToUserId } from '../domain/entitlements/grants';
import { speak, uploadWhole } from '../testing/upload-test-kit';
import { memoryVocabularySource } from '../testing/test-vocabulary';
import { SVIP } from '../domain/vouchers/package-types';
import { databaseVariants } from '../testing/database-variants';
import { call, uniqueEmail, ManualClock } from '../testing/inject';

const TEXT = 'the datadog alert woke me up at night. the weather is good and the market is open.';
const variants = await databaseVariants();
const fixtures = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-vocab-pipeline-'));
const speech = speak(path.join(fixtures, 'speech.wav'), TEXT);
afterAll(() => fs.rmSync(fixtures, { recursive: true, force: true }));

describe.each(variants)('upload transcription with the default vocabulary ($name)', (variant) => {
  const clock = new ManualClock(Date.parse('2025-03-01T10:00:00.000Z'));
  const libraries: Parameters<typeof memoryVocabularySource>[0] = {};
  let cleanup: () => Promise<void> = async () => undefined;
  let app: FastifyInstance;

  async function userWithDefaults(svip: boolean) {
    const user = await createUser(app.db, clock, { kind: 'email', value: uniqueEmail('vocab') }, 'secret123');
    if (svip) await grantToUserId(app.db, clock, user.id, SVIP, 30);
    const lib = (suffix: string) => `${user.id}-${suffix}`;
    Object.assign(libraries, {
      [lib('proper')]: { userId: user.id, name: 'Vendors', set: { properWords: ['Datadog'] }, isDefault: true },
      [lib('replace')]: { userId: user.id, name: 'House style', set: { replacements: [{ before: 'market', after: 'bazaar' }] }, isDefault: true },
      [lib('terms')]: { userId: user.id, name: 'Glossary', set: { terms: [{ original: 'weather', translation: 'Clima Parley', originalLanguage: 'en-US', translationLanguage: 'es-ES' }] }, isDefault: true },
      [lib('unused')]: { userId: user.id, name: 'Not default', set: { sensitiveWords: ['weather'] } },
    });
    return { user, token: await issueToken(app.db, clock, user.id) };
  }

  async function transcribe(token: string) {
    const uploaded = await uploadWhole(app, token, speech);
    const id = uploaded.data[0].id as string;
    const started = await call(app, 'POST', '/speech/audio/transcribe/transwrite', {
      token,
      body: { ids: [id], showName: 'Vocabulary', audioLanguage: 'en-US', translationLanguage: 'es-ES' },
      lang: 'en-US',
    });
    expect(started.data).toEqual({ code: 200, msg: 'Transcription started' });
    await app.services.jobs.whenIdle();
    const [result, record] = await Promise.all([
      call(app, 'GET', `/speech/audio/transcribe/getTransResult?id=${id}`, { token }),
      call(app, 'GET', `/speech/audio/transcribe/getTrans?id=${id}`, { token }),
    ]);
    const lines = result.data.lines as Array<{ text: string; translation: string | null }>;
    return { id, record: record.data, resultRecord: result.data.record, text: lines.map((l) => l.text).join(' '), translation: lines.map((l) => l.translation).join(' ') };
  }

  beforeAll(async () => {
    if (variant.skipReason) return;
    const created = await variant.create();
    cleanup = created.cleanup;
    app = await buildApp(created.config, { clock, vocabularySource: memoryVocabularySource(libraries) });
  });
  afterAll(async () => {
    if (variant.skipReason) return;
    await app.close();
    await cleanup();
  });

  it.skipIf(variant.skipReason)('corrects, replaces and keeps terms for an SVIP owner, and the record names the libraries', async () => {
    const { user, token } = await userWithDefaults(true);
    const done = await transcribe(token);
    expect(done.record.state).toBe('translation_completed');
    expect(done.text).toContain('Datadog');
    expect(done.text).toContain('bazaar');
    expect(done.text).not.toMatch(/\bmarket\b/);
    expect(done.translation).toContain('Clima Parley');
    expect(done.record.vocabularies.map((v: { id: string }) => v.id).sort()).toEqual([`${user.id}-proper`, `${user.id}-replace`, `${user.id}-terms`]);
    // The transcript page reads the lines' answer: its record names the same libraries.
    expect(done.resultRecord.vocabularies).toEqual(done.record.vocabularies);
    // Another user does not see which libraries shaped it (nor the record).
    const other = await createUser(app.db, clock, { kind: 'email', value: uniqueEmail('other') }, 'secret123');
    const peek = await call(app, 'GET', `/speech/audio/transcribe/getTrans?id=${done.id}`, { token: await issueToken(app.db, clock, other.id) });
    expect(peek.data?.vocabularies).toBeUndefined();
  }, 120_000);

  it.skipIf(variant.skipReason)('applies none of the libraries when the owner is not SVIP', async () => {
    const { token } = await userWithDefaults(false);
    const done = await transcribe(token);
    expect(done.text).not.toContain('Datadog');
    expect(done.text).not.toContain('bazaar');
    expect(done.translation).not.toContain('Clima Parley');
    expect(done.record.vocabularies).toEqual([]);
    expect(done.resultRecord.vocabularies).toEqual([]);
  }, 120_000);
});
