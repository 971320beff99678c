// Live subtitles: from the end of an utterance in the fed audio to its final at a participant,
// split into the recogniser's share (VAD hangover + pocketsphinx, until the final leaves the
// recogniser) and everything else (translation, numbering, storage, fan-out, socket), with 1 and
// with 200 participants on loopback; then subtitles lost or duplicated over 50 forced reconnects.
// Audio is fed in real time (40 ms frames every 40 ms) so the VAD waits as it would live. The
// clients run in the server's process, so their JSON parsing competes with the server: the
// 200-participant figures are an upper bound.
import { LIVE_AUDIO_FRAME_MS } from '../src/shared/contract/limits';
import { concatSamples, framesOf, LiveClient, startLiveServer, twoSentences, type LiveMessage } from '../server/src/live/live-test-kit';

const REPETITIONS = 3;
const RECONNECTS = 50;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};
const fmt = (ms: number) => `${ms.toFixed(1)} ms`;

async function scenario(participantCount: number) {
  const server = await startLiveServer();
  try {
    const speech = await twoSentences();
    const oneRun = speech.samples.length;
    const samples = concatSamples(Array.from({ length: REPETITIONS }, () => speech.samples));
    const utteranceEnds = Array.from({ length: REPETITIONS }, (_, r) => speech.utteranceEndsMs.map((end) => end + (r * oneRun * 1000) / 16_000)).flat();
    const owner = await server.signUp();
    const meeting = await server.createMeeting(owner, { translationLanguages: ['es-ES'] });
    const participants: LiveClient[] = [];
    const arrivals = new Map<LiveClient, Map<string, number>>();
    for (let i = 0; i < participantCount; i++) {
      const client = await LiveClient.open(server.wsUrl(meeting.id, (await server.visitor()).token));
      const seen = new Map<string, number>();
      arrivals.set(client, seen);
      client.socket.addEventListener('message', (event) => {
        const message = JSON.parse(String(event.data)) as LiveMessage;
        if (message.type === 'subtitle.final' && message.text) seen.set(message.segmentId, performance.now());
      });
      client.send({ type: 'subscribe', translationLanguage: 'es-ES' });
      client.send({ type: 'resume', lastSeq: 0 });
      participants.push(client);
    }
    const recognized = new Map<string, number>();
    const finalsOrder: string[] = [];
    server.app.live.hub.observeRecognized((segmentId, timings) => {
      recognized.set(segmentId, timings.recognizedAt);
      finalsOrder.push(segmentId);
    });
    const publishedAt = new Map<string, number>();
    const unsubscribe = await server.app.live.hub.bus.subscribe(meeting.id, (message) => {
      if (message.type === 'subtitle.final') publishedAt.set(String(message.segmentId), performance.now());
    });
    const host = await LiveClient.open(server.wsUrl(meeting.id, owner.token));
    host.send({ type: 'resume', lastSeq: 0 });
    host.send({ type: 'control', action: 'start' });
    await host.waitFor((m) => m.type === 'meeting.state' && m.state === 'in_progress');

    const frames = framesOf(samples);
    const sentAt: number[] = [];
    const start = performance.now();
    for (let i = 0; i < frames.length; i++) {
      const due = start + i * LIVE_AUDIO_FRAME_MS;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      host.sendFrame(i, frames[i]!);
      sentAt.push(performance.now());
    }
    const last = participants.at(-1)!;
    await last.waitForCount((m) => m.type === 'subtitle.final' && m.text, Math.min(utteranceEnds.length, 1), 60_000);
    await new Promise((r) => setTimeout(r, 3000));

    await unsubscribe();
    const recogniser: number[] = [];
    const rest: number[] = [];
    const translation: number[] = [];
    const fanOut: number[] = [];
    finalsOrder.forEach((segmentId, index) => {
      const endMs = utteranceEnds[index];
      const recognizedAt = recognized.get(segmentId);
      if (endMs === undefined || recognizedAt === undefined) return;
      const endSentAt = sentAt[Math.min(sentAt.length - 1, Math.floor(endMs / LIVE_AUDIO_FRAME_MS))]!;
      recogniser.push(recognizedAt - endSentAt);
      const published = publishedAt.get(segmentId);
      if (published !== undefined) translation.push(published - recognizedAt);
      for (const seen of arrivals.values()) {
        const at = seen.get(segmentId);
        if (at !== undefined) rest.push(at - recognizedAt);
        if (at !== undefined && published !== undefined) fanOut.push(at - published);
      }
    });
    const expectedArrivals = finalsOrder.length * participantCount;
    host.send({ type: 'control', action: 'stop' });
    for (const client of [host, ...participants]) client.close();
    return { recogniser, rest, translation, fanOut, finals: finalsOrder.length, utterances: utteranceEnds.length, arrivals: rest.length, expectedArrivals };
  } finally {
    await server.close();
  }
}

async function reconnects() {
  const server = await startLiveServer();
  try {
    server.app.live.hub.graces.leaveMs = 60_000;
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
        await server.app.live.hub.publish(meeting.id, { type: 'subtitle.final', segmentId: `s${published}`, startMs: published, endMs: published + 1, text: `line ${published}`, lang: 'en-US', translations: {} });
        published++;
        await new Promise((r) => setTimeout(r, 2));
      }
    })();
    const received: LiveMessage[] = [];
    for (let i = 0; i < RECONNECTS; i++) {
      await new Promise((r) => setTimeout(r, 20));
      const lastSeq = flaky.lastSeq;
      received.push(...flaky.stream);
      flaky.socket.close();
      await flaky.waitClosed();
      flaky = await LiveClient.open(server.wsUrl(meeting.id, flakyUser.token));
      flaky.send({ type: 'resume', lastSeq });
    }
    publishing = false;
    await publisher;
    const finalSeq = await server.app.live.hub.bus.latestSeq(meeting.id);
    await flaky.waitFor((m) => m.seq === finalSeq && m.type !== 'ready');
    await steady.waitFor((m) => m.seq === finalSeq && m.type !== 'ready');
    received.push(...flaky.stream);
    const want = new Set(steady.stream.map((m) => m.seq));
    const got = received.map((m) => m.seq).filter((s) => s >= Math.min(...want));
    const lost = [...want].filter((s) => !got.includes(s)).length;
    const duplicated = got.length - new Set(got).size;
    steady.close();
    flaky.close();
    return { lost, duplicated, messages: want.size };
  } finally {
    await server.close();
  }
}

export const liveBench = {
  title: 'Live subtitles: utterance end → final at a participant (recogniser vs everything else), 1 vs 200 participants; 50 forced reconnects',
  async run(): Promise<string[]> {
    const lines: string[] = [];
    const results: Record<number, Awaited<ReturnType<typeof scenario>>> = {};
    for (const count of [1, 200]) {
      const r = await scenario(count);
      results[count] = r;
      lines.push(
        `${count} participant(s): ${r.finals}/${r.utterances} utterances gave finals, ${r.arrivals}/${r.expectedArrivals} arrivals; ` +
          `recogniser p50 ${fmt(percentile(r.recogniser, 50))} p99 ${fmt(percentile(r.recogniser, 99))}; ` +
          `everything else p50 ${fmt(percentile(r.rest, 50))} p99 ${fmt(percentile(r.rest, 99))} (aim p99 < 50 ms) = ` +
          `translation (apertium) p50 ${fmt(percentile(r.translation, 50))} p99 ${fmt(percentile(r.translation, 99))} + ` +
          `numbering/fan-out/socket p50 ${fmt(percentile(r.fanOut, 50))} p99 ${fmt(percentile(r.fanOut, 99))}`,
      );
    }
    const ratio = percentile(results[200]!.rest, 99) / Math.max(0.001, percentile(results[1]!.rest, 99));
    lines.push(`everything-else p99, 200 vs 1 participant: ratio ${ratio.toFixed(2)}`);
    const rc = await reconnects();
    lines.push(`${RECONNECTS} forced reconnects over ${rc.messages} messages: lost ${rc.lost}, duplicated ${rc.duplicated} (must be 0)`);
    return lines;
  },
};

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of await liveBench.run()) console.log(line);
  process.exit(0);
}
