// The pipeline on real media with the real embedded engines: pocketsphinx, the spectral diarizer,
// apertium en→es, espeak-ng and ffmpeg. One 1-minute video is made for the file and dubbed twice
// (recognition path with burn-in; bilingual GBK SRT path), the results shared by the tests.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEngineConfig } from '../../../engines/config';
import { probeMedia, toWav16kMono } from '../../../engines/media';
import { createEngines, type Engines } from '../../../engines/registry';
import { runProcess } from '../../../engines/run-process';
import { detectSpeechRegions } from '../../../engines/vad';
import { decodeWav } from '../../../engines/wav';
import { compileVocabulary } from '../../vocabulary/compiled-vocabulary';
import { vocabularySet } from '../../../testing/test-vocabulary';
import { DubbingError } from './errors';
import { runDubbing, type DubResult } from './run-dubbing';
import { formatSrt } from './srt';
import { makeTestVideo, TONE_HZ, toneLevelDb, type TestVideo } from '../../../testing/test-video';

const SCRIPT = [
  { text: 'good morning everyone and welcome to the meeting', speaker: 0 },
  { text: 'thank you it is good to be here today', speaker: 1 },
  { text: 'we will talk about the new project first', speaker: 0 },
  { text: 'the team finished the design last week', speaker: 1 },
  { text: 'please send me the report before friday', speaker: 1 },
  { text: 'i will call the client again tomorrow', speaker: 0 },
  { text: 'the weather is nice so we can walk to the park', speaker: 0 },
  { text: 'that is a good idea let us go now', speaker: 1 },
];
const BURN_IN = { fontSize: 20, charsPerSegment: 30, color: '#ffffff', backgroundColor: '#000000' };

let dir: string;
let video: TestVideo;
let engines: Engines;
let recognised: DubResult;
const progress: string[] = [];

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'parley-dub-test-'));
  video = await makeTestVideo(dir, SCRIPT, { durationMs: 60_000, everyMs: 7000, leadMs: 1500 });
  engines = createEngines(loadEngineConfig({}));
  recognised = await runDubbing(
    {
      videoPath: video.path,
      workDir: path.join(dir, 'recognised'),
      form: { sourceLanguage: 'en-US', targetLanguage: 'es-ES', speakers: 'auto', burnIn: BURN_IN },
      vocabulary: compileVocabulary(vocabularySet({ terms: [{ original: 'welcome', translation: 'Bienvenida Parley', originalLanguage: 'en-US', translationLanguage: 'es-ES' }] })),
    },
    { engines, onProgress: (step, fraction) => progress.push(`${step}:${fraction.toFixed(2)}`) },
  );
}, 240_000);
afterAll(async () => {
  await engines?.close();
  await fs.rm(dir, { recursive: true, force: true });
});

async function mono16k(media: string): Promise<Int16Array> {
  const wav = path.join(dir, `${path.basename(media)}-${Math.random().toString(36).slice(2)}.wav`);
  await toWav16kMono(media, wav);
  return decodeWav(await fs.readFile(wav)).samples;
}

async function grayFrame(media: string, atMs: number): Promise<Buffer> {
  const { stdout } = await runProcess('ffmpeg', 'ffmpeg', ['-nostdin', '-loglevel', 'error', '-ss', (atMs / 1000).toFixed(3), '-i', media, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'gray', 'pipe:1'], { timeoutMs: 30_000 });
  return stdout;
}

const changedShare = (a: Buffer, b: Buffer) => {
  let changed = 0;
  for (let i = 0; i < a.length; i++) if (Math.abs(a[i]! - b[i]!) > 40) changed++;
  return changed / a.length;
};

describe('dubbing pipeline: recognition path (en-US → es-ES, auto speakers, burn-in)', () => {
  it('recognises the lines near where they were spoken, with known words', () => {
    expect(recognised.lines.length).toBeGreaterThanOrEqual(SCRIPT.length - 1);
    expect(recognised.lines.length).toBeLessThanOrEqual(SCRIPT.length * 2);
    const known = new Set(SCRIPT.flatMap((l) => l.text.split(' ')));
    const words = recognised.lines.flatMap((l) => l.source.toLowerCase().split(/\s+/).filter(Boolean));
    expect(words.filter((w) => known.has(w)).length / words.length).toBeGreaterThan(0.5);
    // Every recognised line overlaps a spoken line.
    for (const line of recognised.lines) expect(video.lines.some((s) => line.startMs < s.endMs && line.endMs > s.startMs)).toBe(true);
  });

  it('finds the two speakers and labels lines as they were spoken', () => {
    expect(recognised.speakers).toHaveLength(2);
    const truth = recognised.lines.map((line) => video.lines.find((s) => line.startMs < s.endMs && line.endMs > s.startMs)!.speaker);
    const agree = recognised.lines.filter((l, i) => l.speaker === truth[i]).length;
    expect(Math.max(agree, recognised.lines.length - agree) / recognised.lines.length).toBeGreaterThanOrEqual(0.85);
    // One remembered voice per speaker, matched to register: the low speaker male, the high one female.
    const low = recognised.speakers.find((s) => s.id === recognised.lines[0]!.speaker)!;
    const high = recognised.speakers.find((s) => s.id !== low.id)!;
    expect([low.gender, high.gender]).toEqual(['male', 'female']);
    expect(low.voice).not.toBe(high.voice);
    expect(low.sourcePitchHz!).toBeLessThan(high.sourcePitchHz!);
  });

  it('translates every line to Spanish', () => {
    for (const line of recognised.lines) expect(line.translation.trim()).not.toBe('');
    const spanish = recognised.lines.map((l) => l.translation.toLowerCase()).join(' ');
    expect(spanish).toMatch(/\b(el|la|los|las|de|que|y|es|por)\b/);
    // The user's translation term is rendered exactly.
    const withTerm = recognised.lines.filter((l) => /\bwelcome\b/.test(l.source));
    expect(withTerm.length).toBeGreaterThan(0);
    for (const line of withTerm) expect(line.translation).toContain('Bienvenida Parley');
  });

  it('places the Spanish speech inside each line slot (VAD on the dubbed voices)', async () => {
    const fitted = recognised.lines.filter((l) => l.overrunMs === 0);
    expect(fitted.length / recognised.lines.length).toBeGreaterThanOrEqual(0.85);
    const regions = detectSpeechRegions(await mono16k(recognised.files.dubbedSpeech), { preRollMs: 0, hangoverMs: 120, minSpeechMs: 60 });
    expect(regions.length).toBeGreaterThanOrEqual(recognised.lines.length);
    const TOLERANCE_MS = 150; // the VAD's 30 ms frames, hangover and AAC priming
    for (const region of regions) {
      const slot = recognised.lines.find((l) => region.startMs >= l.startMs - TOLERANCE_MS && region.startMs < l.endMs);
      expect(slot, `speech at ${region.startMs} ms lies in no slot`).toBeDefined();
      expect(region.endMs).toBeLessThanOrEqual(slot!.endMs + slot!.overrunMs + TOLERANCE_MS + 120);
    }
  });

  it('keeps the background tone audible under the dubbed speech', async () => {
    const [source, dubbed] = await Promise.all([mono16k(video.path), mono16k(recognised.files.video)]);
    for (const line of recognised.lines.filter((l) => l.dubEndMs - l.dubStartMs > 800)) {
      const from = Math.round(((line.dubStartMs + 200) / 1000) * 16_000);
      const to = Math.round(((line.dubEndMs - 200) / 1000) * 16_000);
      const original = toneLevelDb(source, 16_000, TONE_HZ, from, to);
      const under = toneLevelDb(dubbed, 16_000, TONE_HZ, from, to);
      expect(original).toBeGreaterThan(-55);
      // Ducked, but not gone: within 20 dB of the original and far above silence.
      expect(under).toBeGreaterThan(original - 20);
      expect(under).toBeLessThan(original - 3);
    }
  });

  it('burns the subtitles into the frames, outside lines the picture is the source', async () => {
    const line = recognised.lines[0]!;
    const inside = (line.startMs + line.endMs) / 2;
    const plain = path.join(dir, 'recognised', 'dubbed.mp4');
    expect(changedShare(await grayFrame(plain, inside), await grayFrame(recognised.files.video, inside))).toBeGreaterThan(0.005);
    expect(changedShare(await grayFrame(plain, 500), await grayFrame(recognised.files.video, 500))).toBeLessThan(0.002);
  });

  it('answers the source duration ±40 ms, the video stream copied, and every file', async () => {
    const source = await probeMedia(video.path);
    for (const file of [recognised.files.video, path.join(dir, 'recognised', 'dubbed.mp4'), recognised.files.dubbedAudio]) {
      expect(Math.abs((await probeMedia(file)).durationMs - source.durationMs), file).toBeLessThanOrEqual(40);
    }
    const codec = async (file: string) =>
      (await runProcess('ffprobe', 'ffprobe', ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'packet=size', '-of', 'csv=p=0', '-read_intervals', '%+#5', file], { timeoutMs: 10_000 })).stdout.toString();
    // Stream copy: the first packets of the picture are byte for byte the source's.
    expect(await codec(path.join(dir, 'recognised', 'dubbed.mp4'))).toBe(await codec(video.path));
    expect(recognised.files.perSpeaker).toHaveLength(2);
    for (const track of recognised.files.perSpeaker) await expect(fs.stat(track.path)).resolves.toBeTruthy();
    expect(await fs.readFile(recognised.files.srt.bilingual, 'utf8')).toContain(recognised.lines[0]!.translation);
    expect(progress).toContain('burnIn:1.00');
    expect(progress.indexOf('translate:1.00')).toBeLessThan(progress.indexOf('dub:1.00'));
  });
});

describe('dubbing pipeline: bilingual SRT path (zh-CN → en-US, no ASR or MT)', () => {
  const noAsrOrMt = () => ({
    recognizerFor: () => {
      throw new Error('recognition must not run');
    },
    translatorFor: () => {
      throw new Error('translation must not run');
    },
    synthesizerFor: (language: string) => engines.synthesizerFor(language),
    diarizer: engines.diarizer,
  });
  const bilingual = () =>
    formatSrt(video.lines.map((l, i) => ({ startMs: l.startMs, endMs: l.endMs + 300, text: `第${i + 1}句中文\n${SCRIPT[i]!.text}` })));

  it('dubs a GBK-encoded bilingual file with the SRT timing and its translations, keeping given voices', async () => {
    const bytes = encodeGbk(bilingual());
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(bytes)).toThrow();
    // A re-dub passes the earlier voices back: kept as given, even where a fresh choice would differ.
    const kept = [
      { id: 0, name: 'Host', voice: 'en-us+f4', pitch: 33, rate: 1, gender: 'female' as const, sourcePitchHz: null },
      { id: 1, name: 'Guest', voice: 'en-us+m1', pitch: 66, rate: 1, gender: 'male' as const, sourcePitchHz: null },
    ];
    const result = await runDubbing(
      { videoPath: video.path, workDir: path.join(dir, 'srt'), form: { sourceLanguage: 'zh-CN', targetLanguage: 'en-US', speakers: 2 }, srt: { bytes, type: 3 }, previousSpeakers: kept },
      { engines: noAsrOrMt() },
    );
    expect(result.lines.map((l) => l.source)).toEqual(video.lines.map((_, i) => `第${i + 1}句中文`));
    expect(result.lines.map((l) => l.translation)).toEqual(SCRIPT.map((l) => l.text));
    expect(result.lines[0]!.startMs).toBe(Math.round(video.lines[0]!.startMs));
    expect(result.speakers).toEqual(kept);
    expect(new Set(result.lines.map((l) => l.speaker))).toEqual(new Set([0, 1]));
    expect(Math.abs((await probeMedia(result.files.video)).durationMs - video.durationMs)).toBeLessThanOrEqual(40);
    expect(result.lines.filter((l) => l.overrunMs === 0).length).toBeGreaterThanOrEqual(SCRIPT.length - 1);
  }, 120_000);

  it('refuses an SRT longer than the video, naming the cue, and writes no dub', async () => {
    const srt = `${bilingual()}\n9\n00:01:05,000 --> 00:01:07,000\n太长了\ntoo long\n`;
    const workDir = path.join(dir, 'too-long');
    const error = await runDubbing({ videoPath: video.path, workDir, form: { sourceLanguage: 'zh-CN', targetLanguage: 'en-US', speakers: 'auto' }, srt: { bytes: srt, type: 3 } }, { engines: noAsrOrMt() }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DubbingError);
    expect([(error as DubbingError).key, (error as DubbingError).params.line]).toEqual(['engines:dubSrtBeyondVideo', 9]);
    // Refused before any media work: nothing was written.
    expect(await fs.readdir(workDir)).toEqual([]);
  });

  it('refuses an mp4 without audio at the extract step', async () => {
    const silent = path.join(dir, 'no-audio.mp4');
    await runProcess('ffmpeg', 'ffmpeg', ['-nostdin', '-loglevel', 'error', '-y', '-i', video.path, '-an', '-c:v', 'copy', silent], { timeoutMs: 30_000 });
    const error = await runDubbing({ videoPath: silent, workDir: path.join(dir, 'no-audio'), form: { sourceLanguage: 'en-US', targetLanguage: 'es-ES', speakers: 'auto' } }, { engines }).catch((e: unknown) => e);
    expect([(error as DubbingError).key, (error as DubbingError).step]).toEqual(['engines:dubNoAudio', 'extract']);
  });
});

/** GBK bytes of text whose only non-ASCII characters are the few this test writes. */
function encodeGbk(text: string): Buffer {
  const table = new Map<string, number[]>();
  // Found by decoding: every two-byte GBK sequence maps to one character.
  const wanted = new Set([...text].filter((c) => c.charCodeAt(0) > 127));
  const decoder = new TextDecoder('gbk');
  for (let hi = 0x81; hi <= 0xfe && table.size < wanted.size; hi++) {
    for (let lo = 0x40; lo <= 0xfe; lo++) {
      const c = decoder.decode(new Uint8Array([hi, lo]));
      if (wanted.has(c) && !table.has(c)) table.set(c, [hi, lo]);
    }
  }
  return Buffer.from([...text].flatMap((c) => table.get(c) ?? [...Buffer.from(c)]));
}
