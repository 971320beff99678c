// Word onset → first subtitle with the word, in audio time: the recogniser's own share, free of
// machine load. The live bench's speech (same sentences, the same unmeasured warm-up utterance) goes
// into the live incremental stream in 40 ms chunks, each chunk waiting for the decoder's answers
// (stream.drained(), as server/src/engines/pocketsphinx-streaming.test.ts does), so a subtitle's
// time is the audio the decoder had when it answered: what live.bench.ts would measure on an idle
// machine with no processing time. Whatever this reports is a floor for the socket figure.
// Run at today's partial cadence and at a faster one, to show what asking more often can buy.
import { createIncrementalStream, LIVE_PARTIAL_INTERVAL_MS } from '../server/src/engines/incremental-stream';
import { PocketsphinxRecognizer } from '../server/src/engines/pocketsphinx-recognizer';
import type { StreamResult } from '../server/src/engines/types';
import { concatSamples, framesOf, timedSentences, type TimedUtterance } from '../server/src/testing/live-test-kit';
import { onsetLatencies, slowestWords, spread, type Shown } from './live.bench';
import { SENTENCES, WARM_UP_SENTENCE, type Speech } from './support/live-playback';
import { LIVE_AUDIO_FRAME_MS } from '../src/shared/contract/limits';

/** The measured utterance a result's audio span overlaps (times in the measured speech). */
function utteranceOf(utterances: TimedUtterance[], result: StreamResult, offsetMs: number): number {
  const startMs = result.startMs - offsetMs;
  const endMs = result.endMs - offsetMs;
  return utterances.findIndex((u) => startMs < u.endMs + 300 && endMs > u.onsetsMs[0]! - 300);
}

async function audioTimeRun(speech: Speech, warmUp: Speech, partialIntervalMs: number) {
  const recognizer = new PocketsphinxRecognizer();
  try {
    // A loaded model first: the product starts a meeting's helper before speech comes (prepareStreams).
    await recognizer.helpers.warm();
    await Promise.all(recognizer.helpers.helpers().map((h) => h.ready));
    const stream = createIncrementalStream({
      acquire: () => recognizer.helpers.acquire(),
      release: (helper, reusable) => (reusable ? recognizer.helpers.release(helper) : helper.kill()),
      partialIntervalMs,
    });
    const offsetMs = (warmUp.samples.length / 16_000) * 1000;
    const shown: Shown[] = [];
    let fedMs = 0;
    const done = new Promise<void>((resolve, reject) =>
      stream.results$.subscribe({
        next: (result) => {
          if (!result.text) return;
          const utterance = utteranceOf(speech.utterances, result, offsetMs);
          if (utterance < 0) return;
          shown.push({ at: fedMs - offsetMs, utterance, kind: `subtitle.${result.kind}`, words: result.text.toLowerCase().split(/\s+/) });
        },
        error: reject,
        complete: resolve,
      }),
    );
    const frames = framesOf(concatSamples([warmUp.samples, speech.samples]));
    let cpuBefore = NaN;
    for (const frame of frames) {
      // Answers that come while this chunk is decoded know its audio.
      fedMs += (frame.length / 32_000) * 1000;
      stream.write(frame);
      await stream.drained();
      // The helper is acquired by the first write; its CPU counts from the measured speech on.
      if (Number.isNaN(cpuBefore) && fedMs >= offsetMs) cpuBefore = recognizer.helpers.helpers().reduce((n, h) => n + (h.cpuMs() ?? 0), 0);
    }
    stream.end();
    await done;
    const cpuMs = recognizer.helpers.helpers().reduce((n, h) => n + (h.cpuMs() ?? 0), 0) - cpuBefore;
    return { ...onsetLatencies(speech.utterances, shown, 0), cpuPerAudioSecond: cpuMs / (speech.samples.length / 16_000) };
  } finally {
    await recognizer.close();
  }
}

export const liveOnsetBench = {
  title: 'Live word onset → first subtitle with the word in audio time (decoder paced, no machine load): the recogniser’s floor under the live bench',
  async run(): Promise<string[]> {
    const speech = await timedSentences(SENTENCES);
    const warmUp = await timedSentences([WARM_UP_SENTENCE], { tailMs: 1000 });
    const lines = [`audio in ${LIVE_AUDIO_FRAME_MS} ms chunks, each answered before the next; times are audio the decoder had when it answered`];
    for (const interval of [LIVE_PARTIAL_INTERVAL_MS, LIVE_PARTIAL_INTERVAL_MS / 2]) {
      const r = await audioTimeRun(speech, warmUp, interval);
      lines.push(
        `partial every ${interval} ms: onset → first subtitle ${spread(r.latencies)} over ${r.latencies.length} of ${r.expected} words (${r.never} never shown, ${r.finalOnly} only in a final); ` +
          `helper CPU ${r.cpuPerAudioSecond.toFixed(0)} ms per s of audio (every partial asked, none skipped)`,
      );
      lines.push(`  slowest: ${slowestWords(r.slow)}`);
    }
    return lines;
  },
};
