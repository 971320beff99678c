// Live subtitles on loopback with real speech whose word onsets and utterance ends are known
// (espeak-ng words joined with short gaps, server/src/live/live-test-kit.ts timedSentences):
//  - word onset → first subtitle (partial or final) containing that word at a participant socket;
//  - end of speech → the utterance's final at a participant;
//  - the final's path split into the recogniser's share (VAD hangover + decoder, until the final
//    leaves the recogniser) and everything else (vocabulary, speaker, storage, numbering, fan-out,
//    socket), with 1 and with 200 participants; the line goes out as spoken, so its translation
//    (the same final completed later) is timed apart;
//  - recogniser CPU per second of audio: the streaming helper (ps-stream, incremental) against the
//    utterance path it replaces (pocketsphinx_continuous per partial and final), same audio;
//  - subtitles lost or duplicated over 50 forced reconnects, 20 runs, worst run reported.
// Audio is fed in real time: 40 ms frames, each sent when its 40 ms have been "captured", so audio
// position t is wall time start + t. The clients run in the server's process, so their JSON parsing
// competes with the server: the 200-participant figures are an upper bound.
import fs from 'node:fs';
import os from 'node:os';
import { PocketsphinxRecognizer } from '../server/src/engines/pocketsphinx-recognizer';
import type { RecognitionStream } from '../server/src/engines/types';
import { LiveClient, startLiveServer, timedSentences, type LiveMessage, type LiveTestServer, type TimedUtterance } from '../server/src/testing/live-test-kit';
import { paceFrames, SENTENCES, speak, startHost, WARM_UP_SENTENCE, type Speech } from './support/live-playback';
const RECONNECTS = 50;
const RECONNECT_RUNS = 20;

export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};
const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
export const spread = (values: number[]) => `p50 ${fmt(percentile(values, 50))} p95 ${fmt(percentile(values, 95))} p99 ${fmt(percentile(values, 99))}`;

/** Which utterance a subtitle belongs to: the one its audio span overlaps (meeting audio from offsetMs on). */
function utteranceOf(utterances: TimedUtterance[], message: LiveMessage, offsetMs: number): number {
  const startMs = Number(message.startMs) - offsetMs;
  const endMs = Number(message.endMs) - offsetMs;
  return utterances.findIndex((u) => startMs < u.endMs + 300 && endMs > u.onsetsMs[0]! - 300);
}

export interface Shown {
  at: number;
  utterance: number;
  kind: string;
  words: string[];
}

/**
 * Word onset → first subtitle shown at or after the onset that holds the word (the n-th "the" needs n
 * of them), per participant. A word first shown in its final counts with that (large) latency; a
 * word no subtitle ever held (misrecognised: not in the final either) has no latency and is counted
 * apart, so a recogniser error neither hides in nor drags the onset figure.
 */
export function onsetLatencies(utterances: TimedUtterance[], shown: Shown[], audioStart: number) {
  const latencies: number[] = [];
  const slow: SlowWord[] = [];
  let expected = 0;
  let finalOnly = 0;
  let never = 0;
  utterances.forEach((u, ui) => {
    const mine = shown.filter((s) => s.utterance === ui);
    u.words.forEach((word, wi) => {
      expected++;
      const onset = audioStart + u.onsetsMs[wi]!;
      const occurrence = u.words.slice(0, wi + 1).filter((w) => w === word).length;
      // A subtitle that came before the word was spoken holds a guess, not the word.
      const first = mine.find((s) => s.at >= onset && s.words.filter((w) => w === word).length >= occurrence);
      if (!first) never++;
      else {
        if (first.kind === 'subtitle.final') finalOnly++;
        latencies.push(first.at - onset);
        slow.push({ word, latencyMs: first.at - onset, afterEndMs: first.at - (audioStart + u.endsMs[wi]!), kind: first.kind });
      }
    });
  });
  return { latencies, slow, expected, finalOnly, never };
}

/** A word as shown: how long after its onset, and after the end of its sound. */
export interface SlowWord {
  word: string;
  latencyMs: number;
  afterEndMs: number;
  kind: string;
}

/**
 * The words that set the onset p95. With about twenty words the p95 is the slowest word or the next
 * one, so this names them and how long after the word's own end they came: a word shown well after
 * its end waited for the recogniser to settle it (pocketsphinx revises short words once the next
 * one is heard), not for audio.
 */
export const slowestWords = (words: SlowWord[], count = 4) =>
  [...words]
    .sort((a, b) => b.latencyMs - a.latencyMs)
    .slice(0, count)
    .map((w) => `"${w.word}" ${w.latencyMs.toFixed(0)} ms (${w.afterEndMs.toFixed(0)} ms after its end, ${w.kind === 'subtitle.final' ? 'final' : 'partial'})`)
    .join(', ');

async function scenario(server: LiveTestServer, participantCount: number, speech: Speech, warmUp: Speech) {
  const { utterances } = speech;
  // Measured speech starts in the meeting's audio after the warm-up utterance.
  const offsetMs = (warmUp.samples.length / 16_000) * 1000;
  const owner = await server.signUp();
  const meeting = await server.createMeeting(owner, { translationLanguages: ['es-ES'] });
  const participants: LiveClient[] = [];
  const shownBy = new Map<LiveClient, Shown[]>();
  for (let i = 0; i < participantCount; i++) {
    const client = await LiveClient.open(server.wsUrl(meeting.id, (await server.visitor()).token));
    const shown: Shown[] = [];
    shownBy.set(client, shown);
    client.socket.addEventListener('message', (event) => {
      const message = JSON.parse(String(event.data)) as LiveMessage;
      if ((message.type === 'subtitle.partial' || message.type === 'subtitle.final') && message.text) {
        shown.push({ at: performance.now(), utterance: utteranceOf(utterances, message, offsetMs), kind: message.type, words: String(message.text).toLowerCase().split(/\s+/) });
      }
    });
    client.send({ type: 'subscribe', translationLanguage: 'es-ES' });
    client.send({ type: 'resume', lastSeq: 0 });
    participants.push(client);
  }
  const { host, recognizer } = await startHost(server, meeting.id, owner.token);
  const last = participants.at(-1)!;
  // One unmeasured utterance first, so both scenarios measure a decoder that has heard this voice
  // (its live cepstral mean adapts per utterance) rather than the first scenario a fresh one.
  const warm = await speak(host, warmUp.samples, 0);
  // A final counts once complete: the line goes out as spoken first, its translation follows (same segment).
  const complete = (m: LiveMessage) => m.type === 'subtitle.final' && !m.pending;
  await last.waitForCount(complete, warmUp.utterances.length, 30_000).catch(() => undefined);
  const finalsBefore = last.messages.filter(complete).length;
  for (const shown of shownBy.values()) shown.length = 0;

  const recognized = new Map<string, number>();
  const finalsOrder: string[] = [];
  server.app.services.liveHub.observeRecognized((segmentId, timings) => {
    recognized.set(segmentId, timings.recognizedAt);
    finalsOrder.push(segmentId);
  });
  const publishedAt = new Map<string, number>();
  const completedAt = new Map<string, number>();
  const unsubscribe = await server.app.services.liveHub.bus.subscribe(meeting.id, (message) => {
    if (message.type !== 'subtitle.final') return;
    const id = String(message.segmentId);
    if (!publishedAt.has(id)) publishedAt.set(id, performance.now());
    if (!message.pending) completedAt.set(id, performance.now());
  });
  const helpers = recognizer instanceof PocketsphinxRecognizer ? recognizer.helpers.helpers() : [];
  const cpuBefore = helpers.reduce((sum, h) => sum + (h.cpuMs() ?? 0), 0);

  const { start } = await speak(host, speech.samples, warm.frames);
  // Every utterance's final, or whatever came within a minute (a final may carry no words).
  await last.waitForCount(complete, finalsBefore + utterances.length, 60_000).catch(() => undefined);
  await new Promise((r) => setTimeout(r, 1000));
  const helperCpuMs = recognizer instanceof PocketsphinxRecognizer ? recognizer.helpers.helpers().reduce((sum, h) => sum + (h.cpuMs() ?? 0), 0) - cpuBefore : NaN;
  await unsubscribe();

  const onsetToShown: number[] = [];
  const slowWords: SlowWord[] = [];
  const endToFinal: number[] = [];
  let wordsExpected = 0;
  let wordsFinalOnly = 0;
  let wordsNever = 0;
  for (const shown of shownBy.values()) {
    const { latencies, slow, expected, finalOnly, never } = onsetLatencies(utterances, shown, start);
    onsetToShown.push(...latencies);
    // Every participant sees the same subtitles: the first one's words stand for all.
    if (slowWords.length === 0) slowWords.push(...slow);
    wordsExpected += expected;
    wordsFinalOnly += finalOnly;
    wordsNever += never;
    utterances.forEach((u, ui) => {
      const final = shown.find((s) => s.utterance === ui && s.kind === 'subtitle.final');
      if (final) endToFinal.push(final.at - (start + u.endMs));
    });
  }
  const recogniser: number[] = [];
  const rest: number[] = [];
  const toBus: number[] = [];
  const translation: number[] = [];
  const fanOut: number[] = [];
  finalsOrder.forEach((segmentId) => {
    const recognizedAt = recognized.get(segmentId)!;
    const published = publishedAt.get(segmentId);
    const completed = completedAt.get(segmentId);
    if (published !== undefined) toBus.push(published - recognizedAt);
    if (completed !== undefined) translation.push(completed - recognizedAt);
  });
  // Recogniser share: utterance end → final out of the recogniser, matched by utterance order.
  finalsOrder.forEach((segmentId, index) => {
    const u = utterances[index];
    if (u) recogniser.push(recognized.get(segmentId)! - (start + u.endMs));
  });
  for (const shown of shownBy.values()) {
    utterances.forEach((_, ui) => {
      const final = shown.find((s) => s.utterance === ui && s.kind === 'subtitle.final');
      const segmentId = finalsOrder[ui];
      const recognizedAt = segmentId ? recognized.get(segmentId) : undefined;
      const published = segmentId ? publishedAt.get(segmentId) : undefined;
      if (final && recognizedAt !== undefined) rest.push(final.at - recognizedAt);
      if (final && published !== undefined) fanOut.push(final.at - published);
    });
  }
  host.send({ type: 'control', action: 'stop' });
  for (const client of [host, ...participants]) client.close();
  const audioSeconds = speech.samples.length / 16_000;
  return {
    onsetToShown,
    slowWords,
    wordsExpected,
    // Per participant: every participant sees the same subtitles.
    wordsFinalOnly: wordsFinalOnly / participantCount,
    wordsNever: wordsNever / participantCount,
    wordsPerParticipant: wordsExpected / participantCount,
    endToFinal,
    recogniser,
    rest,
    toBus,
    translation,
    fanOut,
    finals: finalsOrder.length,
    utterances: utterances.length,
    helperCpuPerAudioSecond: helperCpuMs / audioSeconds,
  };
}

/** Children's CPU (user + system) the process has waited for, from /proc/self/stat (cutime, cstime). */
function waitedChildrenCpuMs(): number {
  const stat = fs.readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[13]) + Number(fields[14])) * 1000) / 100;
}

/** Feeds samples in real time to a recognition stream and waits for its results to complete. */
async function feedRealTime(stream: RecognitionStream, samples: Int16Array): Promise<void> {
  const done = new Promise<void>((resolve, reject) => stream.results$.subscribe({ error: reject, complete: resolve }));
  await paceFrames(samples, (frame) => stream.write(frame));
  stream.end();
  await done;
}

/** Recogniser CPU per second of audio: streaming helper vs today's utterance path, same speech. */
async function recogniserCpu(samples: Int16Array) {
  const recognizer = new PocketsphinxRecognizer();
  try {
    const audioSeconds = samples.length / 16_000;
    await recognizer.helpers.warm();
    await Promise.all(recognizer.helpers.helpers().map((h) => h.ready));
    const helper = recognizer.helpers.helpers()[0]!;
    const helperBefore = helper.cpuMs() ?? 0;
    await feedRealTime(recognizer.createIncrementalStream(), samples);
    const streamingMs = (helper.cpuMs() ?? NaN) - helperBefore;
    const childrenBefore = waitedChildrenCpuMs();
    await feedRealTime(recognizer.createUtteranceStream(), samples);
    const utteranceMs = waitedChildrenCpuMs() - childrenBefore;
    return { streaming: streamingMs / audioSeconds, utterance: utteranceMs / audioSeconds };
  } finally {
    await recognizer.close();
  }
}

/**
 * One run: a steady participant and a flaky one whose socket is closed and reopened 50 times while
 * finals are published every 2 ms. The flaky client resumes from the last seq it received on any
 * socket, as the product's client does (src/streams/socket$.ts keeps lastSeq across reconnects).
 */
async function reconnects(server: LiveTestServer) {
  const owner = await server.signUp();
  const meeting = await server.createMeeting(owner);
  const steady = await LiveClient.open(server.wsUrl(meeting.id, (await server.visitor()).token));
  steady.send({ type: 'resume', lastSeq: 0 });
  const flakyUser = await server.visitor();
  let flaky = await LiveClient.open(server.wsUrl(meeting.id, flakyUser.token));
  flaky.send({ type: 'resume', lastSeq: 0 });
  await flaky.waitFor((m) => m.type === 'transcript');
  let publishing = true;
  let published = 0;
  const publisher = (async () => {
    while (publishing) {
      await server.app.services.liveHub.publish(meeting.id, { type: 'subtitle.final', segmentId: `s${published}`, startMs: published, endMs: published + 1, text: `line ${published}`, lang: 'en-US', translations: {} });
      published++;
      await new Promise((r) => setTimeout(r, 2));
    }
  })();
  const received: LiveMessage[] = [];
  // Carried across sockets: a socket closed before anything reached it must not resume from 0.
  let lastSeq = 0;
  const take = (client: LiveClient) => {
    received.push(...client.stream);
    lastSeq = Math.max(lastSeq, client.lastSeq);
  };
  for (let i = 0; i < RECONNECTS; i++) {
    await new Promise((r) => setTimeout(r, 20));
    take(flaky);
    flaky.socket.close();
    await flaky.waitClosed();
    flaky = await LiveClient.open(server.wsUrl(meeting.id, flakyUser.token));
    flaky.send({ type: 'resume', lastSeq });
  }
  publishing = false;
  await publisher;
  const finalSeq = await server.app.services.liveHub.bus.latestSeq(meeting.id);
  await flaky.waitFor((m) => m.seq === finalSeq && m.type !== 'ready');
  await steady.waitFor((m) => m.seq === finalSeq && m.type !== 'ready');
  take(flaky);
  const want = new Set(steady.stream.map((m) => m.seq));
  const got = received.map((m) => m.seq).filter((s) => s >= Math.min(...want));
  const lost = [...want].filter((s) => !got.includes(s)).length;
  const duplicated = got.length - new Set(got).size;
  steady.close();
  flaky.close();
  return { lost, duplicated, messages: want.size };
}

export const liveBench = {
  title:
    'Live subtitles on real speech: word onset → first subtitle with it, speech end → final (1 vs 200 participants); recogniser CPU, streaming vs utterance path; 50 forced reconnects × 20 runs',
  async run(): Promise<string[]> {
    const lines: string[] = [];
    const speech = await timedSentences(SENTENCES);
    const warmUp = await timedSentences([WARM_UP_SENTENCE], { tailMs: 1000 });
    const audioSeconds = speech.samples.length / 16_000;
    // Decoding must keep up with real time, so CPU shared with other work shows in every latency here.
    lines.push(`load average at start ${os.loadavg()[0]!.toFixed(1)} on ${os.availableParallelism()} cores`);
    lines.push(`speech: ${SENTENCES.length} utterances, ${speech.utterances.reduce((n, u) => n + u.words.length, 0)} words, ${audioSeconds.toFixed(1)} s of audio fed in real time`);
    const server = await startLiveServer();
    try {
      server.app.services.liveHub.graces.leaveMs = 60_000;
      const results: Record<number, Awaited<ReturnType<typeof scenario>>> = {};
      for (const count of [1, 200]) {
        const r = await scenario(server, count, speech, warmUp);
        results[count] = r;
        lines.push(
          `${count} participant(s), after one unmeasured warm-up utterance: ${r.finals}/${r.utterances} utterances gave finals; ` +
            `word onset → first subtitle with the word ${spread(r.onsetToShown)} (aim p95 < 700 ms) over the ${r.wordsPerParticipant - r.wordsNever} of ${r.wordsPerParticipant} words ever shown, ` +
            `${r.wordsFinalOnly} of them only in a final (counted with that latency); ${r.wordsNever} never recognised (not counted); ` +
            `speech end → final ${spread(r.endToFinal)} (aim p95 ≤ 600 ms)`,
        );
        lines.push(`  slowest words (onset → first subtitle with it): ${slowestWords(r.slowWords)}`);
        lines.push(
          `  final's path: recogniser (VAD hangover + decoder) ${spread(r.recogniser)}; everything else ${spread(r.rest)} (aim p99 < 50 ms) = ` +
            `vocabulary/speaker/store/numbering ${spread(r.toBus)} + fan-out/socket ${spread(r.fanOut)}; translated line completed (apertium, off this path) ${spread(r.translation)} after the recogniser's final; helper CPU ${r.helperCpuPerAudioSecond.toFixed(0)} ms per s of audio`,
        );
      }
      const ratio = percentile(results[200]!.rest, 99) / Math.max(0.001, percentile(results[1]!.rest, 99));
      lines.push(`everything-else p99, 200 vs 1 participant: ratio ${ratio.toFixed(2)}`);

      // LIVE_BENCH_LATENCY_ONLY=1: the latency figures alone (minutes less on a shared machine).
      if (process.env.LIVE_BENCH_LATENCY_ONLY === '1') {
        lines.push(`load average at end ${os.loadavg()[0]!.toFixed(1)}`);
        return lines;
      }
      const cpu = await recogniserCpu(speech.samples);
      lines.push(
        `recogniser CPU per second of audio (same ${audioSeconds.toFixed(1)} s, real time): streaming helper ${cpu.streaming.toFixed(0)} ms, ` +
          `utterance path (pocketsphinx_continuous per partial and final) ${cpu.utterance.toFixed(0)} ms: ratio utterance/streaming ${(cpu.utterance / cpu.streaming).toFixed(1)}`,
      );

      const runs: Array<Awaited<ReturnType<typeof reconnects>>> = [];
      for (let i = 0; i < RECONNECT_RUNS; i++) runs.push(await reconnects(server));
      const worst = runs.reduce((a, b) => (b.lost + b.duplicated > a.lost + a.duplicated ? b : a));
      lines.push(
        `${RECONNECTS} forced reconnects, ${RECONNECT_RUNS} runs (${runs.map((r) => r.messages).join('/')} messages): worst run lost ${worst.lost}, duplicated ${worst.duplicated} (must be 0); ` +
          `runs with any loss or duplicate: ${runs.filter((r) => r.lost + r.duplicated > 0).length}`,
      );
      lines.push(`load average at end ${os.loadavg()[0]!.toFixed(1)}`);
    } finally {
      await server.close();
    }
    return lines;
  },
};

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of await liveBench.run()) console.log(line);
  process.exit(0);
}
