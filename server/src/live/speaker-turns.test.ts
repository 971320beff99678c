// Live speaker turns work out voice features as the audio comes (40 ms frames), so a final's label
// is only the nearest-voice step: the labels must be those of the whole-utterance pass, the same
// voices told apart across pauses, and an utterance's span picks only its own audio.
import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_AUDIO_FRAME_MS } from '../../../src/shared/contract/limits';
import { OnlineSpeakers } from '../engines/online-speakers';
import { concatSamples, makeTempDir, readSamples, silence, speak } from '../engines/test-audio';
import { SpeakerTurns } from './speaker-turns';

const LINES = ['the weather is nice today and we can walk to the park', 'please send me the report before friday afternoon', 'our team finished the new design last week'];
const VOICE_A = { voice: 'en-us+m3', pitch: 35, speed: 150, wordGapMs: 0 };
const VOICE_B = { voice: 'en-us+f2', pitch: 70, speed: 150, wordGapMs: 0 };
const PAUSE_MS = 700;

let dir: string;
let turns: Int16Array[];

beforeAll(async () => {
  dir = await makeTempDir();
  const [a0, b1, a2, b0] = await Promise.all([
    speak(dir, 'a0', LINES[0]!, VOICE_A),
    speak(dir, 'b1', LINES[1]!, VOICE_B),
    speak(dir, 'a2', LINES[2]!, VOICE_A),
    speak(dir, 'b0', LINES[0]!, VOICE_B),
  ]);
  turns = await Promise.all([a0, b1, a2, b0].map((file) => readSamples(file)));
});
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

describe('live speaker turns', () => {
  it('labels utterances from features worked out frame by frame as the whole-utterance pass does', () => {
    // The meeting's audio: a pause, then each turn followed by a pause.
    const parts: Int16Array[] = [silence(PAUSE_MS)];
    const spans: Array<[number, number]> = [];
    let atMs = PAUSE_MS;
    for (const samples of turns) {
      const ms = (samples.length / 16_000) * 1000;
      spans.push([atMs, atMs + ms]);
      parts.push(samples, silence(PAUSE_MS));
      atMs += ms + PAUSE_MS;
    }
    const meeting = concatSamples(parts);
    const live = new SpeakerTurns();
    const frameBytes = (16_000 * 2 * LIVE_AUDIO_FRAME_MS) / 1000;
    const pcm = Buffer.from(meeting.buffer, meeting.byteOffset, meeting.byteLength);
    const labels: Array<number | null> = [];
    let next = 0;
    for (let at = 0; at < pcm.length; at += frameBytes) {
      live.write(at, pcm.subarray(at, at + frameBytes));
      // Each utterance is labelled once its audio has come, as its final closes.
      while (next < spans.length && (at + frameBytes) / 32 >= spans[next]![1] + 300) {
        labels.push(live.speakerOf(...spans[next]!));
        next++;
      }
    }
    const whole = new OnlineSpeakers();
    expect(labels).toEqual(turns.map((samples) => whole.assign(samples)! + 1));
    expect(labels).toEqual([1, 2, 1, 2]);
  });

  it('has no voice for a span of silence', () => {
    const live = new SpeakerTurns();
    const quiet = silence(1000);
    live.write(0, Buffer.from(quiet.buffer, quiet.byteOffset, quiet.byteLength));
    expect(live.speakerOf(0, 1000)).toBeNull();
  });
});
