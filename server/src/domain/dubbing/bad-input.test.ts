// Issue 12 "Bad input", the parts not covered beside their code: an attached SRT with broken timing
// or overlapping cues is refused by the pipeline before any media work (nothing written), and every
// refusal a dub upload or a dub can meet reads as a finished sentence in en-US, zh-CN and zh-TW
// (no raw key, no unfilled {{placeholder}}, the cue number where one is named).
// The storage cases are in storage/blob/embedded-endpoint.test.ts and handlers/dubbing-uploads.test.ts.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALES } from '../../../../src/shared/contract/limits';
import { createServerI18n } from '../../i18n';
import { translate } from '../transcript/translate';
import { DubbingError, type DubErrorKey } from './pipeline/errors';
import { runDubbing } from './pipeline/run-dubbing';

let dir: string;
let video: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-dub-bad-input-'));
  video = path.join(dir, 'talk.mp4');
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=s=32x24:r=5', '-f', 'lavfi', '-i', 'sine=r=8000', '-t', '3', '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-shortest', video]);
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Engines that fail the test if the pipeline reaches them: a bad SRT is refused first. */
const untouched = {
  recognizerFor: () => {
    throw new Error('recognition must not run');
  },
  translatorFor: () => {
    throw new Error('translation must not run');
  },
  synthesizerFor: () => {
    throw new Error('synthesis must not run');
  },
  diarizer: {
    assign: () => {
      throw new Error('diarization must not run');
    },
  },
} as never;

async function refusedDub(name: string, srt: string): Promise<{ error: DubbingError; written: string[] }> {
  const workDir = path.join(dir, name);
  const error = await runDubbing(
    { videoPath: video, workDir, form: { sourceLanguage: 'zh-CN', targetLanguage: 'en-US', speakers: 'auto' }, srt: { bytes: new TextEncoder().encode(srt), type: 3 } },
    { engines: untouched },
  ).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(DubbingError);
  return { error: error as DubbingError, written: fs.readdirSync(workDir) };
}

describe('bad SRT attached to a dub', () => {
  it('refuses a cue ending before it starts, naming the cue, with nothing written', async () => {
    const { error, written } = await refusedDub('backwards', '1\n00:00:00,100 --> 00:00:01,000\n你好\nHello\n\n2\n00:00:02,000 --> 00:00:01,500\n再见\nBye\n');
    expect([error.key, error.step, error.params.line]).toEqual(['engines:dubSrtTiming', 'lines', 2]);
    expect(written).toEqual([]);
  });

  it('refuses a time line that is not one (minutes over 59, no arrow), naming the cue, with nothing written', async () => {
    const minutes = await refusedDub('minutes', '1\n00:75:00,000 --> 00:75:01,000\n你好\nHello\n');
    expect([minutes.error.key, minutes.error.params.line]).toEqual(['engines:dubSrtTiming', 1]);
    expect(minutes.written).toEqual([]);
    const arrowless = await refusedDub('arrowless', '1\n00:00:00,100 --> 00:00:01,000\n你好\nHello\n\n2\n00:00:01,500 00:00:02,000\n再见\nBye\n');
    expect([arrowless.error.key, arrowless.error.params.line]).toEqual(['engines:dubSrtTiming', 2]);
    expect(arrowless.written).toEqual([]);
  });

  it('refuses overlapping cues, naming the later one, with nothing written', async () => {
    const { error, written } = await refusedDub('overlap', '1\n00:00:00,100 --> 00:00:02,000\n你好\nHello\n\n2\n00:00:01,000 --> 00:00:02,500\n再见\nBye\n');
    expect([error.key, error.params.line]).toEqual(['engines:dubSrtOverlap', 2]);
    expect(written).toEqual([]);
  });

  it('refuses a cue past the end of a 3 s video, with nothing written', async () => {
    const { error, written } = await refusedDub('beyond', '1\n00:00:00,100 --> 00:00:01,000\n你好\nHello\n\n2\n00:00:04,000 --> 00:00:05,000\n再见\nBye\n');
    expect([error.key, error.params.line]).toEqual(['engines:dubSrtBeyondVideo', 2]);
    expect(written).toEqual([]);
  });
});

describe('refusal messages of bad dub input in every locale', () => {
  const pipelineKeys: DubErrorKey[] = ['engines:dubSrtEmpty', 'engines:dubSrtTiming', 'engines:dubSrtOverlap', 'engines:dubSrtBeyondVideo', 'engines:dubSrtMissingTranslation', 'engines:dubNoAudio'];
  const uploadKeys = ['uploads:dubNotMp4', 'uploads:dubNoAudio', 'uploads:dubOverLimit', 'uploads:dubBlobNotYours', 'uploads:dubBlocksMissing', 'uploads:dubBlobNotFound', 'uploads:dubBlobNameInvalid'];
  const params = { line: 7, row: 31, durationMs: 3000, size: '5 GB', hours: 4 };

  it('renders each as its own sentence, different per language, with the cue number where it names one', async () => {
    const i18n = await createServerI18n();
    const rendered = new Map<string, string[]>();
    for (const key of [...pipelineKeys, ...uploadKeys]) {
      const texts = LOCALES.map((locale) => translate(i18n.translatorFor(locale), key, params));
      for (const text of texts) {
        expect(text, key).not.toBe(key.split(':')[1]);
        expect(text, key).not.toContain('{{');
        expect(text.length, key).toBeGreaterThan(8);
      }
      // en-US, zh-CN and zh-TW each read differently (zh-TW is the OpenCC conversion, not a copy).
      expect(new Set(texts).size, key).toBe(3);
      rendered.set(key, texts);
    }
    for (const key of ['engines:dubSrtTiming', 'engines:dubSrtOverlap', 'engines:dubSrtBeyondVideo']) {
      for (const text of rendered.get(key)!) expect(text, key).toMatch(/7.*31/);
    }
    for (const text of rendered.get('uploads:dubOverLimit')!) expect(text).toMatch(/5 GB.*4/);
  });
});
