import { describe, expect, it } from 'vitest';
import { EspeakSynthesizer } from './espeak-synthesizer';
import { decodeWav, durationMsOf } from './wav';

const synthesizer = new EspeakSynthesizer();

describe('espeak-ng synthesizer', () => {
  it('reads English aloud as a well-formed wav of plausible duration', async () => {
    const text = 'Welcome to the meeting. Today we talk about the budget for next year.';
    const wav = await synthesizer.synthesize(text, { language: 'en-US' });
    // Chunk sizes must be real (espeak's own streaming header says 2 GB).
    expect(wav.readUInt32LE(4)).toBe(wav.length - 8);
    const audio = decodeWav(wav);
    const seconds = durationMsOf(audio) / 1000;
    // 13 words at ~175 wpm is ~4.5 s; allow for pauses and voice differences.
    expect(seconds).toBeGreaterThan(2.5);
    expect(seconds).toBeLessThan(9);
  });

  it('speaks Mandarin with the cmn voice and uses the voice asked for', async () => {
    const wav = await synthesizer.synthesize('今天的会议现在开始。', { language: 'zh-CN', voice: 'cmn+f2' });
    expect(durationMsOf(decodeWav(wav))).toBeGreaterThan(1000);
    expect(synthesizer.voices('zh-CN').map((v) => v.id)).toContain('cmn+f2');
    expect(synthesizer.voices('en-GB')[0]!.id.startsWith('en-gb')).toBe(true);
  });

  it('never passes user text as options', async () => {
    const wav = await synthesizer.synthesize('--version -w /tmp/x.wav', { language: 'en-US' });
    expect(durationMsOf(decodeWav(wav))).toBeGreaterThan(500);
  });

  it('refuses a language without a voice, naming TTS_URL', async () => {
    await expect(synthesizer.synthesize('hello', { language: 'xx-XX' })).rejects.toMatchObject({
      key: 'engines:noTts',
      params: { language: 'xx-XX', setting: 'TTS_URL' },
    });
  });
});
