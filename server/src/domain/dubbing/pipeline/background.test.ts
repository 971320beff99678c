// Centre-channel vocal reduction is kept only when it measures cleaner: on a stereo mix with the
// voice in the centre and music panned to one side it wins; on a mono or dual-mono source (where
// L−R cancels everything) the original is kept.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runProcess } from '../../../engines/run-process';
import { CENTRE_CANCEL, chooseBackground } from './background';
import { makeTestVideo, type TestVideo } from '../../../testing/test-video';

let dir: string;
let mono: TestVideo;
let widePanned: string;
let dualMono: string;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'parley-dub-bg-'));
  mono = await makeTestVideo(dir, [
    { text: 'good morning everyone and welcome to the meeting', speaker: 0 },
    { text: 'thank you it is good to be here today', speaker: 1 },
  ], { durationMs: 10_000, everyMs: 4500, leadMs: 500 });
  widePanned = path.join(dir, 'wide.mp4');
  dualMono = path.join(dir, 'dual.mp4');
  // Voice in both channels (centre), a 440 Hz "music" tone only on the left.
  await runProcess('ffmpeg', 'ffmpeg', ['-nostdin', '-loglevel', 'error', '-y', '-i', mono.path, '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=16000:duration=10',
    '-filter_complex', '[1:a]volume=0.1[m];[0:a]asplit=2[a][b];[a][m]amix=inputs=2:duration=first:normalize=0[l];[l][b]join=inputs=2:channel_layout=stereo[out]',
    '-map', '0:v', '-map', '[out]', '-c:v', 'copy', '-c:a', 'aac', widePanned], { timeoutMs: 60_000 });
  await runProcess('ffmpeg', 'ffmpeg', ['-nostdin', '-loglevel', 'error', '-y', '-i', mono.path, '-map', '0', '-c:v', 'copy', '-c:a', 'aac', '-ac', '2', dualMono], { timeoutMs: 60_000 });
}, 60_000);
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

describe('background under the dub', () => {
  it('keeps a mono source as it is, measuring nothing', async () => {
    expect(await chooseBackground(mono.path, mono.lines)).toEqual({ filter: '', channels: 1 });
  });

  it('takes the centre-cancelled background when the voice is centred and the music is wide', async () => {
    const choice = await chooseBackground(widePanned, mono.lines);
    expect(choice.filter).toBe(CENTRE_CANCEL);
    expect(choice.measured!.centreCancelled.speechExcessDb).toBeLessThan(choice.measured!.original.speechExcessDb - 3);
  });

  it('keeps the original of a dual-mono source, where cancelling removes the background too', async () => {
    const choice = await chooseBackground(dualMono, mono.lines);
    expect(choice.channels).toBe(2);
    expect(choice.filter).toBe('');
    expect(choice.measured!.centreCancelled.backgroundDb).toBeLessThan(choice.measured!.original.backgroundDb - 12);
  });
});
