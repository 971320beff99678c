import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeMedia, toWav16kMono } from './media';
import { runProcess } from './run-process';
import { makeTempDir, speak } from './test-audio';
import { decodeWav } from './wav';

let dir: string;
let speechWav: string;

beforeAll(async () => {
  dir = await makeTempDir();
  speechWav = await speak(dir, 'speech', 'media tests need a little speech');
});
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

describe('media (ffprobe / ffmpeg)', () => {
  it('reads the duration and stream kinds of a wav', async () => {
    const samples = decodeWav(await fs.readFile(speechWav)).samples.length;
    const info = await probeMedia(speechWav);
    expect(info).toMatchObject({ hasAudio: true, hasVideo: false, formatName: 'wav' });
    expect(Math.abs(info.durationMs - samples / 16)).toBeLessThan(5);
  });

  it('reads an mp4 with video and audio, and extracts its audio as 16 kHz mono wav', async () => {
    const mp4 = path.join(dir, 'clip.mp4');
    await runProcess(
      'ffmpeg',
      'ffmpeg',
      ['-nostdin', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=blue:s=64x64:d=2.5', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=2.5:sample_rate=44100',
        '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', mp4],
      { timeoutMs: 60_000 },
    );
    const info = await probeMedia(mp4);
    expect(info.hasVideo).toBe(true);
    expect(info.hasAudio).toBe(true);
    expect(info.formatName).toContain('mp4');
    expect(info.durationMs).toBeGreaterThan(2400);
    expect(info.durationMs).toBeLessThan(2700);
    const wav = path.join(dir, 'clip.wav');
    await toWav16kMono(mp4, wav);
    const audio = decodeWav(await fs.readFile(wav));
    expect(audio.sampleRate).toBe(16_000);
    expect(audio.channels).toBe(1);
    expect(audio.samples.length / 16).toBeGreaterThan(2300);
  });

  it('accepts the audio containers of the upload dialog made from real speech (mp3, ogg, flv)', async () => {
    for (const [extension, codec] of [['mp3', 'libmp3lame'], ['ogg', 'libvorbis'], ['flv', 'libmp3lame']] as const) {
      const file = path.join(dir, `speech.${extension}`);
      await runProcess('ffmpeg', 'ffmpeg', ['-nostdin', '-loglevel', 'error', '-y', '-i', speechWav, '-c:a', codec, '-ar', '44100', file], { timeoutMs: 60_000 });
      const info = await probeMedia(file);
      expect(info.hasAudio, extension).toBe(true);
      expect(info.durationMs, extension).toBeGreaterThan(1000);
    }
  });

  it('refuses content that is not media whatever its name: a renamed program, text, zero bytes, a truncated file', async () => {
    const renamedProgram = path.join(dir, 'song.mp3');
    await fs.copyFile(process.execPath, renamedProgram);
    const text = path.join(dir, 'talk.wav');
    await fs.writeFile(text, 'this is not audio at all\n'.repeat(100));
    const empty = path.join(dir, 'empty.mp4');
    await fs.writeFile(empty, '');
    const truncated = path.join(dir, 'truncated.wav');
    await fs.writeFile(truncated, (await fs.readFile(speechWav)).subarray(0, 30));
    for (const file of [renamedProgram, text, empty, truncated]) {
      await expect(probeMedia(file), file).rejects.toMatchObject({ code: 'invalid_media', key: 'engines:invalidMedia' });
    }
    await expect(toWav16kMono(text, path.join(dir, 'out.wav'))).rejects.toMatchObject({ code: 'invalid_media' });
    // ffmpeg quotes the file it opened: the detail users read names the file, never the server's folder.
    const refusal = (await toWav16kMono(text, path.join(dir, 'out.wav')).then(
      () => null,
      (error: unknown) => error,
    )) as { params: { detail?: string } } | null;
    expect(refusal?.params.detail).toEqual(expect.any(String));
    expect(refusal?.params.detail).not.toContain(dir);
  });

  it('stops a conversion when the caller aborts', async () => {
    const controller = new AbortController();
    const pending = toWav16kMono(speechWav, path.join(dir, 'aborted.wav'), { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ code: 'aborted' });
    await expect(probeMedia(speechWav, { signal: AbortSignal.abort() })).rejects.toMatchObject({ code: 'aborted' });
  });

  it('times out a program that does not finish', async () => {
    await expect(runProcess('sleep', 'sleep', ['5'], { timeoutMs: 100 })).rejects.toMatchObject({ code: 'engine_timeout', key: 'engines:timeout' });
  });
});

describe('media tools missing from this server', () => {
  it('say so instead of calling the file unreadable', async () => {
    const saved = process.env.PATH;
    process.env.PATH = dir; // holds the test audio, no programs
    try {
      await expect(probeMedia(speechWav)).rejects.toMatchObject({ code: 'engine_missing', key: 'engines:mediaToolsMissing' });
      await expect(toWav16kMono(speechWav, path.join(dir, 'never.wav'))).rejects.toMatchObject({ code: 'engine_missing', key: 'engines:mediaToolsMissing' });
      await expect(runProcess('pocketsphinx', 'pocketsphinx_continuous', [], { timeoutMs: 10_000 })).rejects.toMatchObject({
        code: 'engine_missing',
        key: 'engines:notInstalled',
        params: { engine: 'pocketsphinx' },
      });
    } finally {
      process.env.PATH = saved;
    }
    // The same file probes fine once the tools are found again.
    await expect(probeMedia(speechWav)).resolves.toMatchObject({ hasAudio: true });
  });
});
