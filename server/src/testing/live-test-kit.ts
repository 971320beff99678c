// Test and benchmark support for the meeting socket: a real server on a port, signed-in users and
// visitors without the code round-trip, a socket client that records every message, and real
// speech (espeak-ng → 16 kHz PCM) cut into frames.
import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';
import { LIVE_AUDIO_FRAME_MS } from '../../../src/shared/contract/limits';
import type { ServerConfig } from '../config';
import { issueToken } from '../domain/session/tokens';
import { createUser, createVisitor } from '../domain/session/users';
import { makeTempDir, readSamples, speak, speakTimedWords, silence } from '../engines/test-audio';
import { call, uniqueEmail } from './inject';
import type { AppOptions } from '../app';
import { startTestServer, type TestServer } from './start-test-server';
import { encodeBinaryFrame } from '../live/audio-frames';

// `ws` ships no types and Node 20 has no global WebSocket; the DOM interface describes ws 8 well.
const WebSocketImpl = createRequire(import.meta.url)('ws') as new (url: string) => WebSocket;

export interface LiveMessage {
  type: string;
  seq: number;
  [field: string]: any;
}

export class LiveClient {
  readonly messages: LiveMessage[] = [];
  closeCode: number | null = null;
  /** The X-Parley-Instance of the upgrade answer: which server process holds this socket. */
  instance: string | null = null;
  private waiters: Array<() => void> = [];
  private constructor(readonly socket: WebSocket) {}

  static async open(url: string): Promise<LiveClient> {
    const socket = new WebSocketImpl(url);
    const client = new LiveClient(socket);
    (socket as unknown as { on(event: 'upgrade', listener: (response: { headers: Record<string, unknown> }) => void): void }).on('upgrade', (response) => {
      client.instance = typeof response.headers['x-parley-instance'] === 'string' ? response.headers['x-parley-instance'] : null;
    });
    socket.binaryType = 'arraybuffer';
    socket.addEventListener('message', (event) => {
      client.messages.push(JSON.parse(String(event.data)) as LiveMessage);
      client.wake();
    });
    socket.addEventListener('close', (event) => {
      client.closeCode = event.code;
      client.wake();
    });
    await new Promise<void>((resolve, reject) => {
      socket.addEventListener('open', () => resolve());
      socket.addEventListener('error', () => reject(new Error(`socket to ${url} failed`)));
    });
    return client;
  }

  private wake() {
    for (const waiter of this.waiters.splice(0)) waiter();
  }

  send(message: unknown) {
    this.socket.send(JSON.stringify(message));
  }

  sendFrame(frameSeq: number, pcm: Buffer) {
    this.socket.send(encodeBinaryFrame(frameSeq, pcm));
  }

  /** Stream messages (those the bus numbered), in arrival order. */
  get stream(): LiveMessage[] {
    return this.messages.filter((m) => !['ready', 'transcript', 'error', 'pong'].includes(m.type));
  }

  get lastSeq(): number {
    const seqs = this.messages.filter((m) => m.type !== 'ready' && m.type !== 'error' && m.type !== 'pong').map((m) => m.seq);
    return seqs.length ? Math.max(...seqs) : 0;
  }

  async waitFor(predicate: (m: LiveMessage) => boolean, timeoutMs = 20_000): Promise<LiveMessage> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.messages.find(predicate);
      if (found) return found;
      if (this.closeCode !== null) throw new Error(`socket closed (${this.closeCode}) before the message came; got ${JSON.stringify(this.messages)}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out; got ${JSON.stringify(this.messages.slice(-10))}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  async waitForCount(predicate: (m: LiveMessage) => boolean, count: number, timeoutMs = 30_000) {
    await this.waitFor(() => this.messages.filter(predicate).length >= count, timeoutMs);
    return this.messages.filter(predicate);
  }

  async waitClosed(timeoutMs = 5000): Promise<number> {
    const deadline = Date.now() + timeoutMs;
    while (this.closeCode === null && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    return this.closeCode ?? -1;
  }

  close() {
    this.socket.close();
  }
}

export interface LiveTestUser {
  id: string;
  token: string;
}

export interface LiveTestServer extends TestServer {
  app: FastifyInstance;
  wsUrl(meetingId: string, token: string, extra?: Record<string, string>): string;
  signUp(label?: string): Promise<LiveTestUser>;
  visitor(): Promise<LiveTestUser>;
  createMeeting(owner: LiveTestUser, body?: Record<string, unknown>): Promise<any>;
}

/** `options` gives the app, for example, a clock the test moves. */
export async function startLiveServer(overrides: Partial<ServerConfig> = {}, options: AppOptions = {}): Promise<LiveTestServer> {
  const server = await startTestServer({ nodeEnv: 'test', ...overrides }, options);
  const { app } = server;
  return {
    ...server,
    wsUrl(meetingId, token, extra = {}) {
      const query = new URLSearchParams({ token, lang: 'en-US', ...extra });
      return `${server.url.replace('http', 'ws')}/prod-api/ws/meeting/${meetingId}?${query.toString()}`;
    },
    async signUp(label = 'host') {
      const user = await createUser(app.db, app.services.clock, { kind: 'email', value: uniqueEmail(label) }, 'secret123');
      return { id: user.id, token: await issueToken(app.db, app.services.clock, user.id) };
    },
    async visitor() {
      const user = await createVisitor(app.db, app.services.clock);
      return { id: user.id, token: await issueToken(app.db, app.services.clock, user.id) };
    },
    async createMeeting(owner, body = {}) {
      const answer = await call(app, 'POST', '/speech/meeting/create', {
        token: owner.token,
        body: { name: 'Standup', recognitionLanguages: ['en-US'], translationLanguages: ['es-ES'], ...body },
        lang: 'en-US',
      });
      if (answer.code !== 200) throw new Error(`create failed: ${answer.body}`);
      return answer.data;
    },
  };
}

export const FRAME_BYTES = (16_000 * 2 * LIVE_AUDIO_FRAME_MS) / 1000;

/** PCM16LE frames of LIVE_AUDIO_FRAME_MS. */
export function framesOf(samples: Int16Array): Buffer[] {
  const bytes = Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength);
  const frames: Buffer[] = [];
  for (let offset = 0; offset < bytes.length; offset += FRAME_BYTES) frames.push(bytes.subarray(offset, offset + FRAME_BYTES));
  return frames.filter((f) => f.length > 0 && f.length % 2 === 0);
}

export function concatSamples(parts: Int16Array[]): Int16Array {
  const out = new Int16Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}

/** Two sentences separated by silence, slow voice, as 16 kHz samples (plus where each one ends). */
export async function twoSentences(): Promise<{ samples: Int16Array; utteranceEndsMs: number[] }> {
  const dir = await makeTempDir();
  const first = await readSamples(await speak(dir, 'one', 'hello everyone and welcome to the meeting', { speed: 140 }));
  const second = await readSamples(await speak(dir, 'two', 'the weather is good today', { speed: 140 }));
  const lead = silence(500);
  const gap = silence(1500);
  const tail = silence(1500);
  const ms = (n: number) => Math.round((n / 16_000) * 1000);
  const firstEnd = ms(lead.length + first.length);
  const secondEnd = ms(lead.length + first.length + gap.length + second.length);
  return { samples: concatSamples([lead, first, gap, second, tail]), utteranceEndsMs: [firstEnd, secondEnd] };
}

/** Sends frames with an optional pause every `batch` frames (faster than real time when small). */
export async function feed(host: LiveClient, frames: Buffer[], firstSeq = 0, delayMsPerBatch = 0, batch = 10): Promise<number> {
  let seq = firstSeq;
  for (let i = 0; i < frames.length; i++) {
    host.sendFrame(seq++, frames[i]!);
    if (delayMsPerBatch && (i + 1) % batch === 0) await new Promise((r) => setTimeout(r, delayMsPerBatch));
  }
  return seq;
}

export interface TimedUtterance {
  words: string[];
  /** Audio ms where each word's sound starts. */
  onsetsMs: number[];
  /** Audio ms where each word's sound ends. */
  endsMs: number[];
  /** Audio ms where the last word's sound ends. */
  endMs: number;
}

/**
 * Sentences whose word onsets and ends are known exactly (each word spoken alone, joined by short
 * gaps; see speakTimedWords), separated by gapMs of silence, as 16 kHz samples.
 */
export async function timedSentences(sentences: string[], options: { leadMs?: number; gapMs?: number; tailMs?: number } = {}): Promise<{ samples: Int16Array; utterances: TimedUtterance[] }> {
  const { leadMs = 500, gapMs = 1500, tailMs = 1500 } = options;
  const dir = await makeTempDir();
  const parts: Int16Array[] = [silence(leadMs)];
  const utterances: TimedUtterance[] = [];
  let atMs = leadMs;
  for (const [i, sentence] of sentences.entries()) {
    if (i > 0) {
      parts.push(silence(gapMs));
      atMs += gapMs;
    }
    const words = sentence.split(' ');
    const speech = await speakTimedWords(dir, `s${i}`, words);
    parts.push(speech.samples);
    utterances.push({ words, onsetsMs: speech.onsetsMs.map((ms) => atMs + ms), endsMs: speech.endsMs.map((ms) => atMs + ms), endMs: atMs + speech.endMs });
    atMs += (speech.samples.length / 16_000) * 1000;
  }
  parts.push(silence(tailMs));
  return { samples: concatSamples(parts), utterances };
}
