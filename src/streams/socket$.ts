// The live meeting socket as an Observable (contract: LiveClientMessage / LiveServerMessage).
// It reconnects with doubling back-off, resumes the meeting's stream from the last seq it delivered,
// drops duplicates and keeps host audio across a blip, resending the frames the server lacks.
import { asyncScheduler, Observable, type SchedulerLike, type Subscription } from 'rxjs';
import type { components } from '../api/schema';
import {
  LIVE_RECONNECT_AUDIO_BUFFER_FRAMES,
  LIVE_RECONNECT_FIRST_DELAY_MS,
  LIVE_RECONNECT_MAX_DELAY_MS,
} from '../shared/contract/limits';
import type { LiveStreamMessage } from '../shared/contract/live-messages';

type Schemas = components['schemas'];
export type LiveServerMessage = Schemas['LiveServerMessage'];
export type LiveClientMessage = Schemas['LiveClientMessage'];
export type LiveReady = Schemas['LiveReady'];
export type LiveFinalSubtitle = Schemas['LiveFinalSubtitle'];
export type LivePartialSubtitle = Schemas['LivePartialSubtitle'];
export type LiveTranscript = Schemas['LiveTranscript'];
export type LiveError = Schemas['LiveError'];

export type LiveSocketEvent =
  | { type: 'socket.connecting'; attempt: number }
  | { type: 'socket.ready'; ready: LiveReady }
  | { type: 'socket.reconnecting'; attempt: number; delayMs: number }
  | { type: 'socket.message'; message: LiveServerMessage }
  | { type: 'socket.closed'; code: number; reason: string };

/** The part of WebSocket this stream uses, so tests can drive a fake. */
export interface SocketLike {
  binaryType: string;
  send(data: string | ArrayBuffer): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number; reason: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

export type SocketFactory = (url: string) => SocketLike;

export interface LiveSocketOptions {
  url: string;
  createSocket?: SocketFactory;
  /** JSON messages to send (control, subscribe); queued until the server is ready. */
  outgoing$?: Observable<LiveClientMessage>;
  /** Host microphone: PCM16LE frames, numbered and buffered here. */
  audio$?: Observable<ArrayBuffer>;
  /** Sent after every `ready`, after the resume (participants: subscribe). */
  afterReady?: () => LiveClientMessage[];
  /** A stream seq already shown (a page that kept its subtitles); 0 = none. */
  lastSeq?: number;
  scheduler?: SchedulerLike;
  firstDelayMs?: number;
  maxDelayMs?: number;
  audioBufferFrames?: number;
}

// Fatal server errors close with 4000 + their code (contract LiveError); 1000 is a deliberate close.
export const isTerminalClose = (code: number) => code === 1000 || (code >= 4000 && code < 5000);

export function reconnectDelayMs(attempt: number, firstMs = LIVE_RECONNECT_FIRST_DELAY_MS, maxMs = LIVE_RECONNECT_MAX_DELAY_MS) {
  return Math.min(maxMs, firstMs * 2 ** Math.max(0, attempt - 1));
}

// Every numbered stream type of the contract, checked by the compiler: a type missing here would be
// taken for a direct message, its seq skipped, and the next one read as a gap (reconnect, forever).
const STREAM_TYPE_FLAGS: Record<LiveStreamMessage['type'], true> = {
  'subtitle.partial': true,
  'subtitle.final': true,
  'participant.joined': true,
  'participant.left': true,
  'screens.connected': true,
  'meeting.state': true,
  'meeting.allowance': true,
  'cast.control': true,
  'speaker.renamed': true,
};
const STREAM_TYPES = new Set<string>(Object.keys(STREAM_TYPE_FLAGS));

// Direct messages (ready, transcript, error, pong) carry the latest seq too, but only stream
// messages and the transcript move the position a reconnect resumes from.
const isStreamMessage = (message: LiveServerMessage) => STREAM_TYPES.has(message.type);

/** Binary audio frame of the contract: uint32 LE frame number, then the PCM bytes. */
export function encodeAudioFrame(frameNumber: number, pcm: ArrayBuffer): ArrayBuffer {
  const out = new Uint8Array(4 + pcm.byteLength);
  new DataView(out.buffer).setUint32(0, frameNumber >>> 0, true);
  out.set(new Uint8Array(pcm), 4);
  return out.buffer;
}

function parse(data: unknown): LiveServerMessage | null {
  if (typeof data !== 'string') return null;
  try {
    const value = JSON.parse(data) as { type?: unknown };
    return typeof value?.type === 'string' ? (value as LiveServerMessage) : null;
  } catch {
    return null;
  }
}

export function liveSocket$(options: LiveSocketOptions): Observable<LiveSocketEvent> {
  const scheduler = options.scheduler ?? asyncScheduler;
  const createSocket = options.createSocket ?? ((url: string) => new WebSocket(url) as unknown as SocketLike);
  const bufferLimit = options.audioBufferFrames ?? LIVE_RECONNECT_AUDIO_BUFFER_FRAMES;

  return new Observable<LiveSocketEvent>((subscriber) => {
    let lastSeq = options.lastSeq ?? 0;
    let socket: SocketLike | null = null;
    let ready = false;
    let attempt = 0;
    let finished = false;
    let retry: Subscription | null = null;
    const pendingJson: LiveClientMessage[] = [];
    // Audio before the first ready waits unnumbered: the server's lastAudioSeq decides the numbering.
    const unnumbered: ArrayBuffer[] = [];
    const recentFrames: Array<{ frameNumber: number; pcm: ArrayBuffer }> = [];
    let nextFrameNumber: number | null = null;

    const sendJson = (message: LiveClientMessage) => socket?.send(JSON.stringify(message));
    const sendFrame = (frame: { frameNumber: number; pcm: ArrayBuffer }) => socket?.send(encodeAudioFrame(frame.frameNumber, frame.pcm));

    const rememberFrame = (pcm: ArrayBuffer) => {
      const frame = { frameNumber: nextFrameNumber!, pcm };
      nextFrameNumber! += 1;
      recentFrames.push(frame);
      if (recentFrames.length > bufferLimit) recentFrames.shift();
      return frame;
    };

    const onReady = (message: LiveReady) => {
      ready = true;
      attempt = 0;
      subscriber.next({ type: 'socket.ready', ready: message });
      sendJson({ type: 'resume', lastSeq });
      for (const extra of options.afterReady?.() ?? []) sendJson(extra);
      for (const queued of pendingJson.splice(0)) sendJson(queued);
      if (nextFrameNumber === null) nextFrameNumber = message.lastAudioSeq + 1;
      for (const frame of recentFrames) if (frame.frameNumber > message.lastAudioSeq) sendFrame(frame);
      for (const pcm of unnumbered.splice(0)) sendFrame(rememberFrame(pcm));
    };

    const reconnectSoon = () => {
      attempt += 1;
      const delayMs = reconnectDelayMs(attempt, options.firstDelayMs, options.maxDelayMs);
      subscriber.next({ type: 'socket.reconnecting', attempt, delayMs });
      retry = scheduler.schedule(() => connect(), delayMs);
    };

    const onMessage = (message: LiveServerMessage) => {
      if (message.type === 'ready') return onReady(message);
      if (isStreamMessage(message)) {
        if (message.seq <= lastSeq) return undefined;
        if (message.seq > lastSeq + 1) {
          // A gap means something was lost: reconnect and resume from what was delivered.
          dropConnection();
          return reconnectSoon();
        }
        lastSeq = message.seq;
      } else if (message.type === 'transcript') {
        lastSeq = message.reset ? message.seq : Math.max(lastSeq, message.seq);
      }
      subscriber.next({ type: 'socket.message', message });
      return undefined;
    };

    function dropConnection() {
      if (!socket) return;
      const old = socket;
      socket = null;
      ready = false;
      old.onopen = old.onmessage = old.onclose = old.onerror = null;
      try {
        old.close(1000, 'resume');
      } catch {
        // Already closed.
      }
    }

    function connect() {
      retry = null;
      if (finished) return;
      subscriber.next({ type: 'socket.connecting', attempt });
      const current = createSocket(options.url);
      socket = current;
      current.binaryType = 'arraybuffer';
      current.onmessage = (event) => {
        const message = parse(event.data);
        if (message) onMessage(message);
      };
      current.onerror = () => undefined; // onclose follows and decides.
      current.onclose = (event) => {
        if (socket !== current) return;
        socket = null;
        ready = false;
        if (isTerminalClose(event.code)) {
          finished = true;
          subscriber.next({ type: 'socket.closed', code: event.code, reason: event.reason });
          subscriber.complete();
          return;
        }
        reconnectSoon();
      };
    }

    const outgoing = options.outgoing$?.subscribe((message) => {
      if (ready) sendJson(message);
      else pendingJson.push(message);
    });
    const audio = options.audio$?.subscribe((pcm) => {
      if (nextFrameNumber === null) {
        unnumbered.push(pcm);
        if (unnumbered.length > bufferLimit) unnumbered.shift();
        return;
      }
      const frame = rememberFrame(pcm);
      if (ready) sendFrame(frame);
    });

    connect();

    return () => {
      finished = true;
      retry?.unsubscribe();
      outgoing?.unsubscribe();
      audio?.unsubscribe();
      dropConnection();
    };
  });
}

/** ws(s)://host/prod-api/ws/meeting/<id>?token=…&clientId=… for the page's origin. `invite`: the
 *  invitation code a participant came by; `screen`: a projection screen's cast code, so the server keeps
 *  it out of the participants' list. */
export function meetingSocketUrl(
  origin: string,
  meetingId: string,
  token: string | null,
  clientId: string,
  lang?: string,
  name?: string,
  via: { invite?: string; screen?: string } = {},
) {
  const url = new URL(`/prod-api/ws/meeting/${encodeURIComponent(meetingId)}`, origin);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  if (token) url.searchParams.set('token', token);
  url.searchParams.set('clientId', clientId);
  if (lang) url.searchParams.set('lang', lang);
  if (name) url.searchParams.set('name', name);
  // A participant who came by the invitation: the server admits them by it, not by the share link.
  if (via.invite) url.searchParams.set('invite', via.invite);
  if (via.screen) url.searchParams.set('screen', via.screen);
  return url.toString();
}
