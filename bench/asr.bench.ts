// The embedded recogniser (pocketsphinx, en-US) on recordings with reference transcripts kept in
// bench/fixtures/asr: real-time factor (processing time / audio duration, on this machine's cores —
// 2 on the target) and word error rate (server/src/engines/wer.ts). The recordings are spoken by
// espeak-ng at bench time from the committed texts, so no audio binaries live in the repository.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { probeMedia } from '../server/src/engines/media';
import { PocketsphinxRecognizer } from '../server/src/engines/pocketsphinx-recognizer';
import { wordErrorRate } from '../server/src/engines/wer';
import { generateRecordings } from './fixtures/asr/generate-recordings';

export const asrBench = {
  title: 'embedded speech recognition (pocketsphinx en-US): real-time factor and word error rate on espeak-ng recordings',
  async run(): Promise<string[]> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-asr-bench-'));
    try {
      const recordings = generateRecordings(dir);
      const recognizer = new PocketsphinxRecognizer();
      const lines: string[] = [];
      let audioMs = 0;
      let workMs = 0;
      let errors = 0;
      let referenceWords = 0;
      for (const recording of recordings) {
        const { durationMs } = await probeMedia(recording.wav);
        const started = performance.now();
        const transcript = await recognizer.transcribe(recording.wav, { language: 'en-US' });
        const elapsed = performance.now() - started;
        const hypothesis = transcript.words.map((w) => w.text).join(' ');
        const wer = wordErrorRate(recording.text, hypothesis);
        audioMs += durationMs;
        workMs += elapsed;
        errors += wer.substitutions + wer.deletions + wer.insertions;
        referenceWords += wer.referenceLength;
        lines.push(
          `${recording.id.padEnd(8)} ${(durationMs / 1000).toFixed(1)} s audio · ${(elapsed / 1000).toFixed(2)} s · RTF ${(elapsed / durationMs).toFixed(2)} · WER ${(wer.rate * 100).toFixed(0)}% · "${hypothesis}"`,
        );
      }
      lines.push(
        `total   ${(audioMs / 1000).toFixed(1)} s audio on ${os.availableParallelism()} cores · RTF ${(workMs / audioMs).toFixed(2)} (under 1 is faster than real time) · WER ${((errors / referenceWords) * 100).toFixed(1)}% over ${referenceWords} reference words`,
      );
      return lines;
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  },
};
