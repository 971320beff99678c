// One live recognition over the Vosk server protocol (vosk-messages.ts). The server answers every
// chunk with one message, so the adapter knows which audio it processed; a final commits the audio
// up to its chunk. Audio after the last final stays buffered: when the connection drops mid-meeting
// the adapter reconnects and replays it, so the utterance in progress is recognised whole and no
// audio is lost. Word times are rebased onto the audio written, across connections.
import { Subject } from 'rxjs';
import WebSocket from 'ws';
import { engineFailed } from '../engine-errors';
import type { RecognitionStream, StreamResult } from '../types';
import { configMessage, EOF_MESSAGE, parseAnswer, type VoskAnswer } from './vosk-messages';

export const STREAM_SAMPLE_RATE = 16_000;
const BYTES_PER_MS = (STREAM_SAMPLE_RATE * 2) / 1000;

export interface VoskStreamOptions {
  url: string;
  language: string;
  /** Proper words sent as phrase_list; null sends none. */
  phraseList: readonly string[] | null;
  /** Attempts to reconnect after a drop before the stream fails; 0 fails at once. */
  reconnectAttempts?: number;
  /** First reconnect delay; doubled per failed attempt. */
  reconnectDelayMs?: number;
  handshakeTimeoutMs?: number;
  /** A connection whose oldest unanswered message waits longer than this is treated as dropped. */
  answerTimeoutMs?: number;
  /** Called per connection opened (the bench and tests count reconnects). */
  onConnect?: (attempt: number) => void;
}

type InFlight = number | 'eof';

/** Audio kept for a replay when the server never finalises: beyond it, answered chunks are let go. */
const MAX_REPLAY_BYTES = 120_000 * BYTES_PER_MS;
const WATCHDOG_EVERY_MS = 1000;

export class VoskRecognitionStream implements RecognitionStream {
  private readonly subject = new Subject<StreamResult>();
  readonly results$ = this.subject.asObservable();
  private socket: WebSocket | null = null;
  private opened = false;
  /** Chunks not yet covered by a final, replayed on a new connection. */
  private uncommitted: Buffer[] = [];
  private committedBytes = 0;
  /** committedBytes when the current connection opened: its recogniser's time zero. */
  private connectionBaseBytes = 0;
  private inFlight: InFlight[] = [];
  /** When each in-flight message was sent (performance.now()), beside inFlight. */
  private sentAt: number[] = [];
  private uncommittedBytes = 0;
  private readonly watchdog: NodeJS.Timeout;
  private answeredBytes = 0;
  private utterance = 0;
  private lastPartial = '';
  private ended = false;
  private done = false;
  private failedAttempts = 0;
  private connections = 0;

  constructor(private readonly options: VoskStreamOptions) {
    this.connect();
    // A server that stays connected but stops answering would hold the meeting's subtitles for ever:
    // it is dropped and reconnected like a closed one (the audio it did not answer is replayed).
    const answerTimeoutMs = options.answerTimeoutMs ?? 15_000;
    this.watchdog = setInterval(() => {
      const oldest = this.sentAt[0];
      if (this.opened && oldest !== undefined && performance.now() - oldest > answerTimeoutMs) this.socket?.terminate();
    }, Math.min(WATCHDOG_EVERY_MS, answerTimeoutMs)).unref();
  }

  write(pcm16le: Buffer): void {
    if (this.ended || this.done || pcm16le.length === 0) return;
    this.uncommitted.push(pcm16le);
    this.uncommittedBytes += pcm16le.length;
    if (this.opened) this.send(pcm16le);
  }

  end(): void {
    if (this.ended || this.done) return;
    this.ended = true;
    if (this.opened) this.sendEof();
  }

  abort(): void {
    if (this.done) return;
    this.finish();
  }

  private connect(): void {
    const socket = new WebSocket(this.options.url, { handshakeTimeout: this.options.handshakeTimeoutMs ?? 10_000 });
    this.socket = socket;
    socket.on('open', () => {
      if (this.socket !== socket) return;
      this.opened = true;
      this.options.onConnect?.(this.connections++);
      this.connectionBaseBytes = this.committedBytes;
      this.answeredBytes = 0;
      this.inFlight = [];
      this.sentAt = [];
      socket.send(configMessage(STREAM_SAMPLE_RATE, this.options.phraseList));
      for (const chunk of this.uncommitted) this.send(chunk);
      if (this.ended) this.sendEof();
    });
    socket.on('message', (data, isBinary) => {
      if (this.socket !== socket || isBinary) return;
      this.onAnswer(parseAnswer(String(data), this.options.language));
    });
    // 'error' is always followed by 'close', which decides what happens next.
    socket.on('error', () => undefined);
    socket.on('close', (code) => {
      if (this.socket !== socket || this.done) return;
      this.socket = null;
      this.opened = false;
      this.reconnect(code);
    });
  }

  private reconnect(code: number): void {
    const attempts = this.options.reconnectAttempts ?? 5;
    if (this.failedAttempts >= attempts) {
      this.fail(`the streaming server closed the connection (${code}) and ${attempts} reconnects failed`);
      return;
    }
    const delay = (this.options.reconnectDelayMs ?? 200) * 2 ** this.failedAttempts;
    this.failedAttempts += 1;
    setTimeout(() => {
      if (!this.done) this.connect();
    }, delay).unref();
  }

  private send(chunk: Buffer): void {
    this.inFlight.push(chunk.length);
    this.sentAt.push(performance.now());
    this.socket!.send(chunk);
  }

  private sendEof(): void {
    this.inFlight.push('eof');
    this.sentAt.push(performance.now());
    this.socket!.send(EOF_MESSAGE);
  }

  private onAnswer(answer: VoskAnswer | null): void {
    if (!answer) return this.fail('the streaming server sent a message outside the Vosk protocol');
    const chunk = this.inFlight.shift();
    this.sentAt.shift();
    if (chunk === undefined) return this.fail('the streaming server answered more messages than it was sent');
    // An answer means the connection works: a later drop gets the full reconnect budget again.
    this.failedAttempts = 0;
    if (chunk !== 'eof') this.answeredBytes += chunk;
    if (answer.kind === 'partial') this.onPartial(answer.text);
    else this.onFinal(answer);
    if (chunk === 'eof') this.finish();
    else if (this.uncommittedBytes > MAX_REPLAY_BYTES) this.commit(this.connectionBaseBytes + this.answeredBytes - MAX_REPLAY_BYTES);
  }

  private onPartial(text: string): void {
    // Vosk repeats the partial for every chunk; the participants need only changes.
    if (!text || text === this.lastPartial) return;
    this.lastPartial = text;
    this.emit('partial', text, this.ms(this.committedBytes), this.ms(this.connectionBaseBytes + this.answeredBytes), []);
  }

  private onFinal(answer: Extract<VoskAnswer, { kind: 'final' }>): void {
    const utteranceStart = this.committedBytes;
    this.commit(this.connectionBaseBytes + this.answeredBytes);
    const hadPartial = this.lastPartial !== '';
    this.lastPartial = '';
    // An empty result after silence closes nothing the participants saw.
    if (!answer.text && !hadPartial) return;
    const base = this.ms(this.connectionBaseBytes);
    const words = answer.words.map((word) => ({ ...word, startMs: base + word.startMs, endMs: base + word.endMs }));
    const startMs = words[0]?.startMs ?? this.ms(utteranceStart);
    const endMs = words.at(-1)?.endMs ?? this.ms(this.committedBytes);
    this.emit('final', answer.text, startMs, endMs, words);
    this.utterance += 1;
  }

  /** Drops the buffered chunks the server has finalised (answers align with whole chunks). */
  private commit(upToBytes: number): void {
    while (this.uncommitted.length && this.committedBytes + this.uncommitted[0]!.length <= upToBytes) {
      const length = this.uncommitted.shift()!.length;
      this.committedBytes += length;
      this.uncommittedBytes -= length;
    }
  }

  private emit(kind: StreamResult['kind'], text: string, startMs: number, endMs: number, words: StreamResult['words']): void {
    this.subject.next({ kind, utteranceIndex: this.utterance, text, startMs, endMs, words });
  }

  private ms(bytes: number): number {
    return Math.round(bytes / BYTES_PER_MS);
  }

  private fail(detail: string): void {
    if (this.done) return;
    this.done = true;
    clearInterval(this.watchdog);
    this.closeSocket();
    this.subject.error(engineFailed('vosk-stream', detail));
  }

  private finish(): void {
    this.done = true;
    clearInterval(this.watchdog);
    this.closeSocket();
    this.subject.complete();
  }

  private closeSocket(): void {
    const socket = this.socket;
    this.socket = null;
    this.opened = false;
    if (socket && socket.readyState === WebSocket.CONNECTING) socket.terminate();
    else socket?.close();
  }
}
