// Voices Parley knows but this server cannot speak with now are listed as unavailable, with the
// reason, before anyone picks them: flite missing, or a remote speech service speaking instead.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadEngineConfig } from '../../../engines/config';
import { createEngines } from '../../../engines/registry';
import { createServerI18n } from '../../../i18n';
import { voiceCatalogue } from './voice-catalogue';

const t = (await createServerI18n()).translatorFor('en-US');

function withOnlyPrograms<T>(programs: string[], work: () => T): T {
  const bin = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-path-'));
  for (const program of programs) fs.symlinkSync(`/usr/bin/${program}`, path.join(bin, program));
  const saved = process.env.PATH;
  process.env.PATH = bin;
  try {
    return work();
  } finally {
    process.env.PATH = saved;
    fs.rmSync(bin, { recursive: true, force: true });
  }
}

describe('voice catalogue availability', () => {
  it('shows flite\'s voices as not installed when flite is missing, espeak-ng\'s still available', () => {
    const engines = createEngines(loadEngineConfig({}));
    const catalogue = withOnlyPrograms(['espeak-ng'], () => voiceCatalogue(engines, 'en-US', 'en-US', t));
    const slt = catalogue.voices.find((v) => v.id === 'flite:slt')!;
    expect(slt).toMatchObject({ available: false, unavailableReason: 'Not installed on this server (flite)' });
    expect(catalogue.voices.find((v) => v.id === 'en-us+m3')).toMatchObject({ available: true, unavailableReason: null });
    // Available voices come first, so the picker's default is one that can speak.
    expect(catalogue.voices.findIndex((v) => !v.available)).toBeGreaterThan(catalogue.voices.findLastIndex((v) => v.available));
  });

  it('with a remote speech service, lists its voices and marks the embedded ones as not used; cloning follows ELEVENLABS_API_KEY', () => {
    const engines = createEngines(loadEngineConfig({ TTS_URL: 'http://127.0.0.1:9', TTS_VOICE: 'nova', ELEVENLABS_API_KEY: 'xi' }));
    const catalogue = voiceCatalogue(engines, 'es-ES', 'en-US', t);
    expect(catalogue.cloning).toBe(true);
    expect(catalogue.voices[0]).toMatchObject({ id: 'nova', engine: 'openai-speech', available: true });
    expect(catalogue.voices.find((v) => v.id === 'es+m3')).toMatchObject({ available: false, unavailableReason: 'Not used here: this server speaks through its speech service' });
  });

  it('names each voice\'s engine as routed per language: a speech service for zh-CN leaves English voices embedded', () => {
    const engines = createEngines(loadEngineConfig({ TTS_URL_ZH_CN: 'http://127.0.0.1:9', TTS_VOICES_ZH_CN: 'zf_xiaobei' }));
    const chinese = voiceCatalogue(engines, 'zh-CN', 'en-US', t);
    expect(chinese.voices[0]).toMatchObject({ id: 'zf_xiaobei', available: true, servedBy: { id: 'openai-speech', remote: true } });
    const spanish = voiceCatalogue(engines, 'es-ES', 'en-US', t);
    const m3 = spanish.voices.find((v) => v.id === 'es+m3');
    expect(m3).toMatchObject({ engine: 'espeak-ng', servedBy: { id: 'espeak-ng', name: 'eSpeak NG', remote: false } });
    // Installed, so not "speaks through its speech service": that service only speaks Chinese.
    if (m3?.available === false) expect(m3.unavailableReason).not.toMatch(/speech service/);
  });
});
