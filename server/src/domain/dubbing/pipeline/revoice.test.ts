// Re-voicing on real media: a short video is dubbed once through the SRT path (espeak-ng, ffmpeg; no
// ASR or MT), one line of four is edited, and the re-voice must synthesise that line alone and copy
// the other three from the previous speech track, sample for sample up to the AAC round trip.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEngineConfig } from '../../../engines/config';
import { probeMedia, toWav16kMono } from '../../../engines/media';
import { createEngines, type Engines } from '../../../engines/registry';
import type { SpeechSynthesizer } from '../../../engines/types';
import { decodeWav } from '../../../engines/wav';
import { currentKey, needsRevoicing, revoice, type RevoiceLine, type RevoiceResult } from './revoice';
import { runDubbing, type DubResult } from './run-dubbing';
import { formatSrt } from './srt';
import { makeTestVideo, type TestVideo } from '../../../testing/test-video';

const SCRIPT = [
  { text: 'good morning everyone', speaker: 0 },
  { text: 'thank you for coming', speaker: 1 },
  { text: 'we start with the plan', speaker: 0 },
  { text: 'the design is ready', speaker: 1 },
];
const EDITED = 'we begin now';

let dir: string;
let video: TestVideo;
let engines: Engines;
let first: DubResult;
let second: RevoiceResult;
const calls: string[] = [];

function countingSynthesizer(inner: SpeechSynthesizer): SpeechSynthesizer {
  return {
    id: inner.id,
    languages: () => inner.languages(),
    voices: (language) => inner.voices(language),
    synthesize: (text, options) => {
      calls.push(text);
      return inner.synthesize(text, options);
    },
  };
}

async function mono16k(media: string): Promise<Int16Array> {
  const wav = path.join(dir, `${path.basename(media)}-${Math.random().toString(36).slice(2)}.wav`);
  await toWav16kMono(media, wav);
  return decodeWav(await fs.readFile(wav)).samples;
}

/** Energy of (a − b) over energy of a, in dB, on [fromMs, toMs) of two 16 kHz tracks. */
function differenceDb(a: Int16Array, b: Int16Array, fromMs: number, toMs: number): number {
  let signal = 0;
  let diff = 0;
  for (let i = Math.floor(fromMs * 16); i < Math.min(a.length, b.length, Math.ceil(toMs * 16)); i++) {
    signal += a[i]! * a[i]!;
    diff += (a[i]! - b[i]!) ** 2;
  }
  return 10 * Math.log10((diff + 1) / (signal + 1));
}

/** The start (ms) of the first 10 ms frame at or after `fromMs` louder than −40 dBFS in a 16 kHz track. */
function speechOnsetMs(samples: Int16Array, fromMs: number): number {
  const threshold = 32767 * 10 ** (-40 / 20);
  for (let frame = Math.floor(fromMs / 10); (frame + 1) * 160 <= samples.length; frame++) {
    let energy = 0;
    for (let i = frame * 160; i < (frame + 1) * 160; i++) energy += samples[i]! * samples[i]!;
    if (Math.sqrt(energy / 160) > threshold) return frame * 10;
  }
  return Number.POSITIVE_INFINITY;
}

const bilingualSrt = () =>
  formatSrt(video.lines.map((l, i) => ({ startMs: l.startMs, endMs: l.endMs + 600, text: `第${i + 1}句\n${SCRIPT[i]!.text}` })));

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'parley-revoice-test-'));
  video = await makeTestVideo(dir, SCRIPT, { durationMs: 20_000, everyMs: 4500, leadMs: 1000 });
  engines = createEngines(loadEngineConfig({}));
  first = await runDubbing(
    { videoPath: video.path, workDir: path.join(dir, 'first'), form: { sourceLanguage: 'zh-CN', targetLanguage: 'en-US', speakers: 2 }, srt: { bytes: bilingualSrt(), type: 3 } },
    { engines },
  );
  const voiceOf = new Map(first.speakers.map((s) => [s.id, s]));
  const lines: RevoiceLine[] = first.lines.map((l, i) => ({
    startMs: l.startMs,
    endMs: l.endMs,
    source: l.source,
    text: i === 2 ? EDITED : l.translation,
    speaker: l.speaker,
    previous: { voicedKey: currentKey({ ...l, text: l.translation }, voiceOf.get(l.speaker)!), dubStartMs: l.dubStartMs, dubEndMs: l.dubEndMs, rate: l.rate, stretch: l.stretch, overrunMs: l.overrunMs },
  }));
  second = await revoice(
    { videoPath: video.path, workDir: path.join(dir, 'second'), language: 'en-US', lines, speakers: first.speakers, previousSpeech: first.files.dubbedSpeech, background: first.background },
    { synthesizer: countingSynthesizer(engines.synthesizerFor('en-US')) },
  );
}, 180_000);
afterAll(async () => {
  await engines?.close();
  await fs.rm(dir, { recursive: true, force: true });
});

describe('revoice', () => {
  it('synthesises only the edited line and copies the three others', () => {
    expect(second.synthesised).toBe(1);
    expect(second.reused).toBe(3);
    // The edit is shorter than the line it replaces, so it fits at the voice's own rate: one call.
    expect(calls).toEqual([EDITED]);
    expect(second.lines.map((l) => l.reused)).toEqual([true, true, false, true]);
    expect(second.lines[2]!.translation).toBe(EDITED);
  });

  it('keeps the unchanged lines’ audio (up to the AAC round trip) and replaces the edited one', async () => {
    const before = await mono16k(first.files.dubbedSpeech);
    const after = await mono16k(second.files.dubbedSpeech);
    for (const i of [0, 1, 3]) {
      const l = first.lines[i]!;
      expect(differenceDb(before, after, l.dubStartMs, l.dubEndMs)).toBeLessThan(-20);
    }
    const edited = first.lines[2]!;
    expect(differenceDb(before, after, edited.dubStartMs, edited.dubEndMs)).toBeGreaterThan(-3);
  });

  it('answers the new voiced keys, so a second re-voice with no edits synthesises nothing', () => {
    const voiceOf = new Map(first.speakers.map((s) => [s.id, s]));
    const again: RevoiceLine[] = second.lines.map((l) => ({
      startMs: l.startMs,
      endMs: l.endMs,
      source: l.source,
      text: l.translation,
      speaker: l.speaker,
      previous: { voicedKey: l.voicedKey, dubStartMs: l.dubStartMs, dubEndMs: l.dubEndMs, rate: l.rate, stretch: l.stretch, overrunMs: l.overrunMs },
    }));
    expect(again.filter((l) => needsRevoicing(l, voiceOf.get(l.speaker)!))).toEqual([]);
    // A changed voice (pitch) re-voices that speaker's lines.
    const higher = { ...voiceOf.get(1)!, pitch: voiceOf.get(1)!.pitch + 5 };
    expect(again.filter((l) => l.speaker === 1 && needsRevoicing(l, higher)).length).toBe(2);
  });

  it('places a retimed line at its new time: the speech onset in the rendered track follows the line', async () => {
    // Line 2 is dragged 1.2 s later (into the gap after it); its key changes, so it is voiced again
    // at the new start, and the old slot falls silent.
    const moved = 1200;
    const lines: RevoiceLine[] = second.lines.map((l, i) => ({
      startMs: i === 1 ? l.startMs + moved : l.startMs,
      endMs: i === 1 ? l.endMs + moved : l.endMs,
      source: l.source,
      text: l.translation,
      speaker: l.speaker,
      previous: { voicedKey: l.voicedKey, dubStartMs: l.dubStartMs, dubEndMs: l.dubEndMs, rate: l.rate, stretch: l.stretch, overrunMs: l.overrunMs },
    }));
    const third = await revoice(
      { videoPath: video.path, workDir: path.join(dir, 'third'), language: 'en-US', lines, speakers: first.speakers, previousSpeech: second.files.dubbedSpeech, background: first.background },
      { synthesizer: engines.synthesizerFor('en-US') },
    );
    expect(third.synthesised).toBe(1);
    const old = second.lines[1]!;
    const before = await mono16k(second.files.dubbedSpeech);
    const after = await mono16k(third.files.dubbedSpeech);
    const searchFrom = old.startMs - 500;
    const oldOnset = speechOnsetMs(before, searchFrom);
    const newOnset = speechOnsetMs(after, searchFrom);
    // The clip starts with the synthesiser's own lead-in silence (under 150 ms), so the onset
    // trails the slot start a little; the same text and voice give the same lead-in both times.
    expect(oldOnset - old.dubStartMs).toBeGreaterThanOrEqual(0);
    expect(oldOnset - old.dubStartMs).toBeLessThan(150);
    expect(third.lines[1]!.dubStartMs).toBe(old.startMs + moved);
    expect(Math.abs(newOnset - oldOnset - moved)).toBeLessThanOrEqual(20);
    // Nothing is left at the old place: the track is silent from the old onset until the new one.
    expect(speechOnsetMs(after, oldOnset)).toBe(newOnset);
  }, 60_000);

  it('a new take of one unchanged line (its voiced key cleared, as createIteration regenerate does) voices it alone; the others are unchanged in the output', async () => {
    const takes: string[] = [];
    const counting: SpeechSynthesizer = { ...engines.synthesizerFor('en-US'), synthesize: (text, options) => (takes.push(text), engines.synthesizerFor('en-US').synthesize(text, options)) };
    const lines: RevoiceLine[] = second.lines.map((l, i) => ({
      startMs: l.startMs,
      endMs: l.endMs,
      source: l.source,
      text: l.translation,
      speaker: l.speaker,
      previous: { voicedKey: i === 3 ? null : l.voicedKey, dubStartMs: l.dubStartMs, dubEndMs: l.dubEndMs, rate: l.rate, stretch: l.stretch, overrunMs: l.overrunMs },
    }));
    const take = await revoice(
      { videoPath: video.path, workDir: path.join(dir, 'take'), language: 'en-US', lines, speakers: first.speakers, previousSpeech: second.files.dubbedSpeech, background: first.background },
      { synthesizer: counting },
    );
    expect(takes).toEqual([second.lines[3]!.translation]);
    expect(take.lines.map((l) => l.reused)).toEqual([true, true, true, false]);
    const before = await mono16k(second.files.dubbedSpeech);
    const after = await mono16k(take.files.dubbedSpeech);
    const mixedBefore = await mono16k(second.files.dubbedAudio);
    const mixedAfter = await mono16k(take.files.dubbedAudio);
    for (const i of [0, 1, 2]) {
      const l = second.lines[i]!;
      expect(take.lines[i]).toMatchObject({ dubStartMs: l.dubStartMs, dubEndMs: l.dubEndMs });
      expect(differenceDb(before, after, l.dubStartMs, l.dubEndMs)).toBeLessThan(-20);
      // The mixed track the user hears too (same background, same ducking): only AAC noise differs.
      expect(differenceDb(mixedBefore, mixedAfter, l.dubStartMs, l.dubEndMs)).toBeLessThan(-15);
    }
    // The new take is spoken in its own slot, at its start.
    const line = take.lines[3]!;
    expect(line.dubStartMs).toBe(line.startMs);
    expect(speechOnsetMs(after, line.startMs - 300) - line.startMs).toBeLessThan(150);
    expect(speechOnsetMs(after, line.startMs - 300) - line.startMs).toBeGreaterThanOrEqual(0);
  }, 60_000);

  it('keeps the video the length of the source (±40 ms) with every output written', async () => {
    expect(Math.abs((await probeMedia(second.files.video)).durationMs - video.durationMs)).toBeLessThanOrEqual(40);
    expect(Math.abs((await probeMedia(second.files.dubbedAudio)).durationMs - video.durationMs)).toBeLessThanOrEqual(40);
    expect(second.files.perSpeaker.map((t) => t.speaker)).toEqual([0, 1]);
    expect(await fs.readFile(second.files.srt.translation, 'utf8')).toContain(EDITED);
  });
});
