// A local server speaking the Vosk WebSocket protocol for tests and the bench. Its "model" reads
// words from the audio itself: a run of constant non-zero samples of value 100·(k+1) is the word
// lexicon[k], zero is silence, and 300 ms of silence after a word ends the utterance (the endpoint).
// So a replayed buffer is recognised exactly as the original was, and times are, as in Vosk,
// seconds from the connection's first sample.
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';

export interface FakeVoskOptions {
  lexicon: string[];
  /** The engine's answer delay per message. */
  delayMs?: number;
  /** The first connection is dropped once it has received this many audio bytes (mid-utterance). */
  dropFirstAfterBytes?: number;
  /** The first connection stays open but stops answering once it has received this many audio bytes. */
  stallFirstAfterBytes?: number;
  /** Refuses every handshake (HTTP 503). */
  refuse?: boolean;
  /** Sends this text instead of the first answer (a server outside the protocol). */
  garbleFirstAnswer?: string;
}

export interface FakeVoskServer {
  url: string;
  /** Parsed config messages, one per connection. */
  configs: unknown[];
  connections: number;
  /** Audio bytes received per connection. */
  bytesPerConnection: number[];
  /** performance.now() when each answer was sent (the bench measures from it). */
  sentAt: Array<{ at: number; answer: string }>;
  close(): Promise<void>;
}

export const SAMPLE_RATE = 16_000;
const ENDPOINT_SAMPLES = (SAMPLE_RATE * 300) / 1000;

/** Test audio: each item a word (lexicon index) or a silence, with its duration. */
export function fakeSpeech(parts: Array<{ word: number; ms: number } | { silenceMs: number }>): Buffer {
  const chunks = parts.map((part) => {
    const samples = new Int16Array(Math.round(('ms' in part ? part.ms : part.silenceMs) * SAMPLE_RATE / 1000));
    if ('word' in part) samples.fill(100 * (part.word + 1));
    return Buffer.from(samples.buffer);
  });
  return Buffer.concat(chunks);
}

export async function startFakeVoskServer(options: FakeVoskOptions): Promise<FakeVoskServer> {
  const wss = new WebSocketServer({
    port: 0,
    host: '127.0.0.1',
    verifyClient: (_info, done) => (options.refuse ? done(false, 503, 'model loading') : done(true)),
  });
  await new Promise<void>((resolve) => wss.once('listening', resolve));
  const state: FakeVoskServer = {
    url: `ws://127.0.0.1:${(wss.address() as AddressInfo).port}`,
    configs: [],
    connections: 0,
    bytesPerConnection: [],
    sentAt: [],
    close: () =>
      new Promise((resolve) => {
        for (const client of wss.clients) client.terminate();
        wss.close(() => resolve());
      }),
  };
  wss.on('connection', (socket) => serve(socket, state.connections++, options, state));
  return state;
}

function serve(socket: WebSocket, index: number, options: FakeVoskOptions, state: FakeVoskServer): void {
  state.bytesPerConnection[index] = 0;
  let sample = 0;
  let current: { value: number; start: number } | null = null;
  let words: Array<{ word: string; start: number; end: number; conf: number }> = [];
  let silence = 0;
  let answered = 0;
  const closeWord = () => {
    if (!current) return;
    words.push({ word: options.lexicon[current.value / 100 - 1] ?? '[unk]', start: current.start / SAMPLE_RATE, end: sample / SAMPLE_RATE, conf: 0.9 });
    current = null;
  };
  const final = () => {
    const answer = JSON.stringify({ result: words, text: words.map((w) => w.word).join(' ') });
    words = [];
    return answer;
  };
  // Each answer leaves delayMs after its message came (a latency, not a serial cost per message, as
  // a real engine decodes faster than real time); equal delays keep the answers in order.
  const answer = (text: string, thenClose = false) => {
    const send = () => {
      if (socket.readyState !== socket.OPEN) return;
      const sent = answered++ === 0 && index === 0 && options.garbleFirstAnswer !== undefined ? options.garbleFirstAnswer : text;
      socket.send(sent);
      state.sentAt.push({ at: performance.now(), answer: sent });
      if (thenClose) socket.close();
    };
    if (options.delayMs) setTimeout(send, options.delayMs);
    else send();
  };
  let stalled = false;
  socket.on('message', (data, isBinary) => {
    // A stalled engine answers nothing more, eof included.
    if (stalled) return;
    if (!isBinary) {
      const text = String(data);
      const message = JSON.parse(text) as { config?: unknown; eof?: number };
      if (message.config) return void state.configs.push(message.config);
      if (message.eof) {
        closeWord();
        return answer(final(), true);
      }
      return;
    }
    const audio = data as Buffer;
    state.bytesPerConnection[index]! += audio.length;
    if (index === 0 && options.dropFirstAfterBytes !== undefined && state.bytesPerConnection[index]! >= options.dropFirstAfterBytes) {
      return socket.terminate();
    }
    if (index === 0 && options.stallFirstAfterBytes !== undefined && state.bytesPerConnection[index]! >= options.stallFirstAfterBytes) stalled = true;
    if (stalled) return;
    let endpoint = false;
    for (let at = 0; at + 1 < audio.length; at += 2, sample++) {
      const value = audio.readInt16LE(at);
      if (value !== 0) {
        silence = 0;
        if (current?.value !== value) {
          closeWord();
          current = { value, start: sample };
        }
        continue;
      }
      closeWord();
      silence++;
      if (words.length && silence >= ENDPOINT_SAMPLES) endpoint = true;
    }
    if (endpoint && !current) return answer(final());
    const partial = [...words.map((w) => w.word), ...(current ? [options.lexicon[current.value / 100 - 1] ?? '[unk]'] : [])].join(' ');
    answer(JSON.stringify({ partial }));
  });
}
