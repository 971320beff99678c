// @vitest-environment node
import { createActor, fromPromise, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MEETING_CONFIG } from './meetingSetup.rules';
import {
  FALLBACK_RECOGNITION,
  FALLBACK_TRANSLATION,
  meetingSetupMachine,
  selectHigherPlanAllowsMore,
  selectBlockingProblems,
  selectRecognitionCodes,
  selectRecognitionUnavailable,
  selectTranslationCodes,
  selectTranslationUnavailable,
  type LanguageCodes,
} from './meetingSetup.machine';
import { CATALOGUE, meetingSetupDoubles } from './meetingSetup.paths';

const start = (input = {}, loadLanguages = meetingSetupDoubles.loadLanguages) =>
  createActor(meetingSetupMachine.provide({ actors: { loadLanguages } }), { input }).start();

// What a server with only the embedded engines answers: en-US recognised, en-US ↔ es-ES translated.
const EMBEDDED: LanguageCodes = {
  recognition: ['zh-CN', 'en-US', 'es-ES'],
  translation: ['zh-CN', 'en-US', 'es-ES'],
  served: {
    recognition: [
      { code: 'zh-CN', available: false, setting: 'ASR_URL', unavailableReason: 'no speech recognition engine for zh-CN; set ASR_URL' },
      { code: 'en-US', available: true },
      { code: 'es-ES', available: false, setting: 'ASR_URL', unavailableReason: 'no speech recognition engine for es-ES; set ASR_URL' },
    ],
    translation: [
      { code: 'zh-CN', available: false, setting: 'TRANSLATE_URL', unavailableReason: 'no translation engine for zh-TW → zh-CN; set TRANSLATE_URL', sources: [] },
      { code: 'en-US', available: true, sources: ['es-ES'] },
      { code: 'es-ES', available: true, sources: ['en-US'] },
    ],
  },
};
const embeddedCatalogue = fromPromise<LanguageCodes, { draft: unknown }>(async () => EMBEDDED) as never;

describe('meetingSetup machine on a server with only the embedded engines', () => {
  it('starts from a served pair (en-US → es-ES) instead of the unserved default en-US → zh-CN', async () => {
    expect(DEFAULT_MEETING_CONFIG).toMatchObject({ recognitionLanguages: ['en-US'], translationLanguages: ['zh-CN'] });
    const actor = start({}, embeddedCatalogue);
    await waitFor(actor, (s) => s.matches('editing'));
    expect(actor.getSnapshot().context.config).toMatchObject({ recognitionLanguages: ['en-US'], translationLanguages: ['es-ES'] });
  });

  it('names what cannot be chosen and why, and does not add it', async () => {
    const actor = start({}, embeddedCatalogue);
    await waitFor(actor, (s) => s.matches('editing'));
    expect(selectRecognitionUnavailable(actor.getSnapshot())).toEqual({
      'zh-CN': { reason: 'no speech recognition engine for zh-CN; set ASR_URL', setting: 'ASR_URL' },
      'es-ES': { reason: 'no speech recognition engine for es-ES; set ASR_URL', setting: 'ASR_URL' },
    });
    expect(Object.keys(selectTranslationUnavailable(actor.getSnapshot()))).toEqual(['zh-CN']);
    actor.send({ type: 'setup.toggleRecognition', code: 'zh-CN' });
    actor.send({ type: 'setup.toggleTranslation', code: 'zh-CN' });
    expect(actor.getSnapshot().context.config).toMatchObject({ recognitionLanguages: ['en-US'], translationLanguages: ['es-ES'] });
    // en-US as a subtitle language of an en-US meeting needs no engine: it may be added.
    actor.send({ type: 'setup.toggleTranslation', code: 'en-US' });
    expect(actor.getSnapshot().context.config.translationLanguages).toEqual(['es-ES', 'en-US']);
  });

  it('keeps everything choosable with the fixed list, where nothing is known', async () => {
    const failing = start({}, fromPromise<LanguageCodes, never>(async () => Promise.reject(new Error('offline'))) as never);
    await waitFor(failing, (s) => s.matches('editing'));
    expect(selectRecognitionUnavailable(failing.getSnapshot())).toEqual({});
    expect(failing.getSnapshot().context.config.translationLanguages).toEqual(DEFAULT_MEETING_CONFIG.translationLanguages);
  });
});

describe('meetingSetup machine', () => {
  it('says a higher plan allows more only below the product’s most languages (SVIP is at it)', () => {
    const actor = start();
    expect(selectHigherPlanAllowsMore(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'setup.allowed', allowed: { recognition: 2, translation: 2 } });
    expect(selectHigherPlanAllowsMore(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'setup.allowed', allowed: { recognition: 10, translation: 4 } });
    expect(selectHigherPlanAllowsMore(actor.getSnapshot())).toBe(false);
  });

  it('shows the fixed list while the catalogue loads, then the catalogue', async () => {
    const actor = start();
    expect(selectRecognitionCodes(actor.getSnapshot())).toEqual(FALLBACK_RECOGNITION);
    await waitFor(actor, (s) => s.matches('editing'));
    expect(selectRecognitionCodes(actor.getSnapshot())).toEqual(CATALOGUE.recognition);
    expect(selectTranslationCodes(actor.getSnapshot())).toEqual(CATALOGUE.translation);
    expect(actor.getSnapshot().context.fallback).toBe(false);
  });

  it('keeps the fixed list when the catalogue fails or is empty', async () => {
    const failing = start({}, fromPromise<LanguageCodes, never>(async () => Promise.reject(new Error('offline'))) as never);
    await waitFor(failing, (s) => s.matches('editing'));
    expect(failing.getSnapshot().context).toMatchObject({ fallback: true, languages: { recognition: FALLBACK_RECOGNITION, translation: FALLBACK_TRANSLATION } });
    const empty = start({ config: { ...DEFAULT_MEETING_CONFIG, name: 'Empty' } });
    await waitFor(empty, (s) => s.matches('editing'));
    expect(empty.getSnapshot().context.fallback).toBe(true);
    expect(selectTranslationCodes(empty.getSnapshot())).toEqual(FALLBACK_TRANSLATION);
  });

  it('applies the language rules: at least one translation, at most four', async () => {
    const actor = start();
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'setup.toggleTranslation', code: 'zh-CN' });
    expect(actor.getSnapshot().context.config.translationLanguages).toEqual(['zh-CN']);
    for (const code of ['es-ES', 'fr-FR', 'de-DE', 'ja-JP']) actor.send({ type: 'setup.toggleTranslation', code });
    expect(actor.getSnapshot().context.config.translationLanguages).toEqual(['zh-CN', 'es-ES', 'fr-FR', 'de-DE']);
    actor.send({ type: 'setup.toggleRecognition', code: 'zh-CN' });
    actor.send({ type: 'setup.toggleRecognition', code: 'en-US' });
    expect(actor.getSnapshot().context.config.recognitionLanguages).toEqual(['zh-CN']);
    expect(selectBlockingProblems(actor.getSnapshot())).toEqual([]);
  });

  it('refuses to submit before the terms are accepted, then ends with the config and the languages', async () => {
    const actor = start();
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'setup.rename', name: 'Weekly' });
    actor.send({ type: 'setup.restyle', style: { fontSize: 32 } });
    actor.send({ type: 'setup.submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    actor.send({ type: 'setup.acceptTerms' });
    actor.send({ type: 'setup.submit' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({
      config: { ...DEFAULT_MEETING_CONFIG, name: 'Weekly', termsAccepted: true, style: { ...DEFAULT_MEETING_CONFIG.style, fontSize: 32 } },
      languages: CATALOGUE,
    });
  });

  it('comes back from a failed create with its draft and languages, without loading again', () => {
    const draft = { ...DEFAULT_MEETING_CONFIG, name: 'Again', termsAccepted: true };
    const actor = start({ config: draft, languages: CATALOGUE }, fromPromise<LanguageCodes, never>(() => new Promise(() => undefined)) as never);
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.config).toEqual(draft);
  });
});
