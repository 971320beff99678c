// Live subtitles from a streaming recognition server (Vosk protocol): a local server that answers
// each audio message after a fixed engine delay (server/src/engines/vosk-stream/fake-vosk-server.ts),
// a zh-CN meeting fed in real time (40 ms frames), one participant. Measured:
//  - Parley's overhead: from the engine sending a partial/final to that subtitle arriving at the
//    participant's socket (adapter, vocabulary, numbering, bus, fan-out, socket), p50/p95/p99;
//  - the same meeting with the engine connection dropped mid-utterance: utterances lost or
//    duplicated (the adapter replays the audio the server had not finalised) and the extra delay of
//    the utterance that straddled the drop.
// The engine, the server and the client share one process, so the overhead is an upper bound.
import { LIVE_AUDIO_FRAME_MS } from '../src/shared/contract/limits';
import { loadEngineConfig } from '../server/src/engines/config';
import { fakeSpeech, startFakeVoskServer, type FakeVoskServer } from '../server/src/engines/vosk-stream/fake-vosk-server';
import { joinText } from '../server/src/engines/vosk-stream/vosk-messages';
import { FRAME_BYTES, LiveClient, startLiveServer, type LiveMessage } from '../server/src/testing/live-test-kit';
import { SpeakerTurns } from '../server/src/live/speaker-turns';
import { timeMethod, type StepTimings } from './support/step-timings';

const LEXICON = ['大家', '好', '今天', '会议', '开始', '讨论', '预算', '结束'];
const UTTERANCES = 20;
const ENGINE_DELAY_MS = 40;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};
const fmt = (ms: number) => `${ms.toFixed(1)} ms`;

/** Utterance i: two words (distinct pairs), 400 ms each, then 600 ms of silence. */
function script(): { audio: Buffer; texts: string[] } {
  const parts: Parameters<typeof fakeSpeech>[0] = [{ silenceMs: 300 }];
  const texts: string[] = [];
  for (let i = 0; i < UTTERANCES; i++) {
    const a = i % LEXICON.length;
    const b = (i + 1 + Math.floor(i / LEXICON.length)) % LEXICON.length;
    parts.push({ word: a, ms: 400 }, { word: b, ms: 400 }, { silenceMs: 600 });
    texts.push(LEXICON[a]! + LEXICON[b]!);
  }
  return { audio: fakeSpeech(parts), texts };
}

interface Arrival {
  at: number;
  message: LiveMessage;
}

async function meeting(vosk: FakeVoskServer, audio: Buffer, steps?: StepTimings): Promise<{ arrivals: Arrival[]; start: number }> {
  const server = await startLiveServer({ engines: loadEngineConfig({ ASR_STREAM_URL_ZH_CN: vosk.url }) });
  // Where a final's overhead goes (bench-only wrappers): the speaker label, its name, the store.
  const undo = steps
    ? [
        timeMethod(steps, 'speaker label', SpeakerTurns.prototype, 'speakerOf'),
        timeMethod(steps, 'speaker name read', server.app.services.meetings, 'speakerName'),
        timeMethod(steps, 'segment store', server.app.services.meetings, 'appendFinal'),
      ]
    : [];
  try {
    const owner = await server.signUp();
    const created = await server.createMeeting(owner, { recognitionLanguages: ['zh-CN'], translationLanguages: ['zh-CN'] });
    const guest = await server.visitor();
    const participant = await LiveClient.open(server.wsUrl(created.id, guest.token));
    const arrivals: Arrival[] = [];
    participant.socket.addEventListener('message', (event) => arrivals.push({ at: performance.now(), message: JSON.parse(String(event.data)) as LiveMessage }));
    await participant.waitFor((m) => m.type === 'ready');
    participant.send({ type: 'resume', lastSeq: 0 });
    const host = await LiveClient.open(server.wsUrl(created.id, owner.token));
    await host.waitFor((m) => m.type === 'ready');
    host.send({ type: 'resume', lastSeq: 0 });
    host.send({ type: 'control', action: 'start' });
    await host.waitFor((m) => m.type === 'meeting.state' && m.state === 'in_progress');
    const start = performance.now();
    for (let at = 0, seq = 0; at < audio.length; at += FRAME_BYTES, seq++) {
      const due = start + (seq + 1) * LIVE_AUDIO_FRAME_MS;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      host.sendFrame(seq, audio.subarray(at, at + FRAME_BYTES));
    }
    host.send({ type: 'control', action: 'stop' });
    await participant.waitFor((m) => m.type === 'meeting.state' && m.state === 'ended', 30_000);
    participant.close();
    host.close();
    return { arrivals, start };
  } finally {
    for (const restore of undo) restore();
    await server.close();
  }
}

/** Engine answer → the subtitle it caused at the participant: answers and arrivals are both in order. */
function overheads(vosk: FakeVoskServer, arrivals: Arrival[]): { all: number[]; partial: number[]; final: number[] } {
  const answers = vosk.sentAt.map(({ at, answer }) => {
    const parsed = JSON.parse(answer) as { partial?: string; text?: string };
    return { at, kind: parsed.partial !== undefined ? 'subtitle.partial' : 'subtitle.final', text: joinText(parsed.partial ?? parsed.text ?? '', 'zh-CN') };
  });
  const out = { all: [] as number[], partial: [] as number[], final: [] as number[] };
  let cursor = 0;
  for (const { at, message } of arrivals) {
    if ((message.type !== 'subtitle.partial' && message.type !== 'subtitle.final') || !message.text) continue;
    const index = answers.findIndex((answer, i) => i >= cursor && answer.kind === message.type && answer.text === message.text && answer.at <= at);
    if (index < 0) continue;
    const cost = at - answers[index]!.at;
    out.all.push(cost);
    out[message.type === 'subtitle.final' ? 'final' : 'partial'].push(cost);
    cursor = index + 1;
  }
  return out;
}

export const asrStreamBench = {
  title: `Streaming recognition server (Vosk protocol, engine delay ${ENGINE_DELAY_MS} ms): Parley's overhead to the participant, reconnect mid-meeting`,
  async run(): Promise<string[]> {
    const { audio, texts } = script();
    const steady = await startFakeVoskServer({ lexicon: LEXICON, delayMs: ENGINE_DELAY_MS });
    const steps: StepTimings = new Map();
    const { arrivals: steadyArrivals, start: steadyStart } = await meeting(steady, audio, steps).finally(() => steady.close());
    const { all: costs, partial, final } = overheads(steady, steadyArrivals);
    const line = (name: string, values: number[]) => `${name} (${values.length}): p50 ${fmt(percentile(values, 50))} p95 ${fmt(percentile(values, 95))} p99 ${fmt(percentile(values, 99))} max ${fmt(Math.max(...values))}`;
    // Dropped 40% into the meeting, in the middle of a word.
    const dropAt = Math.round((audio.length * 0.4) / FRAME_BYTES) * FRAME_BYTES + 200 * 32;
    const dropped = await startFakeVoskServer({ lexicon: LEXICON, delayMs: ENGINE_DELAY_MS, dropFirstAfterBytes: dropAt });
    const { arrivals: droppedArrivals, start: droppedStart } = await meeting(dropped, audio).finally(() => dropped.close());
    // A line goes out as recognised, then completed (speaker, translations) under the same segmentId: the first counts.
    const finalsOf = (arrivals: Arrival[]) => {
      const seen = new Set<string>();
      return arrivals.filter((a) => a.message.type === 'subtitle.final' && a.message.text && !seen.has(String(a.message.segmentId)) && seen.add(String(a.message.segmentId)));
    };
    const heard = finalsOf(droppedArrivals).map((a) => String(a.message.text));
    const lost = texts.filter((text) => !heard.includes(text)).length;
    const duplicated = heard.length - new Set(heard).size;
    // Each final's time from the meeting's first frame, against the same final in the run without a drop.
    const steadyFinals = finalsOf(steadyArrivals);
    const extra = finalsOf(droppedArrivals).map((a, i) => a.at - droppedStart - ((steadyFinals[i]?.at ?? a.at) - steadyStart));
    return [
      `engine → participant overhead, ${line('all subtitles', costs)} (aim p99 < 50 ms)`,
      `  ${line('partials', partial)}; ${line('finals', final)}`,
      `  a final's steps: ${[...steps].map(([name, values]) => line(name, values)).join('; ')}`,
      `engine answers per second of audio: ${(steady.sentAt.length / (audio.length / 32_000)).toFixed(1)}; subtitles forwarded (changed partials + finals): ${costs.length}`,
      `engine connection dropped at ${(dropAt / 32).toFixed(0)} ms of audio: connections ${dropped.connections}, utterances ${heard.length}/${texts.length} heard, lost ${lost}, duplicated ${duplicated}; audio replayed ${((dropped.bytesPerConnection[1] ?? 0) - (audio.length - dropAt)) / 32} ms`,
      `the reconnect's cost: a final at most ${fmt(Math.max(...extra))} later than the same final without the drop (median ${fmt(percentile(extra, 50))})`,
    ];
  },
};

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of await asrStreamBench.run()) console.log(line);
  process.exit(0);
}
