// The fan-out of one meeting's stream messages: numbering (seq +1 per meeting), delivery in seq
// order to every subscriber, and a bounded replay log for reconnecting clients. In-process by
// default; Redis pub/sub (redis-live-bus.ts) when several server instances share meetings.
//
// A message that must be stored before anyone sees it (a final subtitle) takes its seq first with
// `reserve`, is stored with it, then goes out with `commit`. Messages numbered after a reservation
// wait until it is committed or abandoned, so the wire stays gap-free and in seq order (clients
// treat a gap as loss and reconnect). An abandoned or expired reservation goes out as its filler
// (an empty final: it only clears the partial), so its seq is never a hole either.

import type { LiveStreamMessage, UnnumberedStreamMessage } from '../../../src/shared/contract/live-messages';

/** A message of a meeting's stream (the contract's stream kinds); `seq` is set by the bus. */
export type StreamMessage = LiveStreamMessage;

export type UnnumberedMessage = UnnumberedStreamMessage;

export interface LiveBus {
  readonly kind: 'in-process' | 'redis';
  /** Numbers the message with the meeting's next seq and delivers it to every subscriber, in seq order (after any earlier reservation). */
  publish(meetingId: string, message: UnnumberedMessage): Promise<StreamMessage>;
  /**
   * Takes the meeting's next seq without delivering anything; later messages wait for it. Until
   * `commit` or `abandon` (or RESERVATION_TTL_MS passes: a dead instance) nothing at or after it is
   * delivered; then `filler` goes out in its place.
   */
  reserve(meetingId: string, filler: UnnumberedMessage, ttlMs?: number): Promise<number>;
  /** Delivers `message` at a reserved seq; null when the reservation had expired (its filler went out). */
  commit(meetingId: string, seq: number, message: UnnumberedMessage): Promise<StreamMessage | null>;
  /** Gives a reservation up: its filler goes out at its seq. */
  abandon(meetingId: string, seq: number): Promise<void>;
  /** Resolves once deliveries to `listener` are guaranteed for every later publish. */
  subscribe(meetingId: string, listener: (message: StreamMessage) => void): Promise<() => Promise<void>>;
  /** Delivered messages with seq > afterSeq, or null when the log no longer reaches back that far. */
  replay(meetingId: string, afterSeq: number): Promise<StreamMessage[] | null>;
  /** The highest seq delivered (everything up to it is out, in order; a pending reservation is not). */
  latestSeq(meetingId: string): Promise<number>;
  /** Numbering continues above `seq` (a persisted seq after a restart). */
  ensureFloor(meetingId: string, seq: number): Promise<void>;
  close(): Promise<void>;
}

// Enough for 50 reconnects in a row and minutes of partials; older history comes from the
// persisted finals (the `transcript` answer).
export const REPLAY_LOG_SIZE = 4000;

/**
 * How long a reservation may hold the stream back: far above a database write, short enough that a
 * crashed instance's reservation does not stop a meeting's stream for long.
 */
export const RESERVATION_TTL_MS = 10_000;

interface Reservation {
  deadline: number;
  filler: StreamMessage;
}

interface Channel {
  /** The last seq handed out (published or reserved). */
  seq: number;
  /** The last seq delivered: everything up to it went out, in order. */
  delivered: number;
  /** Numbered messages waiting for an earlier reservation. */
  held: Map<number, StreamMessage>;
  reserved: Map<number, Reservation>;
  log: StreamMessage[];
  listeners: Set<(message: StreamMessage) => void>;
}

export function createInProcessBus(logSize = REPLAY_LOG_SIZE, now: () => number = Date.now): LiveBus {
  const channels = new Map<string, Channel>();
  const channel = (id: string) => {
    let c = channels.get(id);
    if (!c) {
      c = { seq: 0, delivered: 0, held: new Map(), reserved: new Map(), log: [], listeners: new Set() };
      channels.set(id, c);
    }
    return c;
  };
  const deliver = (c: Channel, message: StreamMessage) => {
    c.log.push(message);
    if (c.log.length > logSize) c.log.splice(0, c.log.length - logSize);
    for (const listener of [...c.listeners]) listener(message);
  };
  /** Delivers every message whose predecessors are all out; an expired reservation goes as its filler. */
  const flush = (c: Channel) => {
    while (c.delivered < c.seq) {
      const next = c.delivered + 1;
      const held = c.held.get(next);
      const reservation = c.reserved.get(next);
      if (held) {
        c.held.delete(next);
        c.delivered = next;
        deliver(c, held);
      } else if (reservation && reservation.deadline <= now()) {
        c.reserved.delete(next);
        c.delivered = next;
        deliver(c, reservation.filler);
      } else if (reservation) {
        return;
      } else {
        c.delivered = next; // nothing was ever numbered there (cannot happen): do not stall
      }
    }
  };
  return {
    kind: 'in-process',
    async publish(meetingId, message) {
      const c = channel(meetingId);
      const numbered = { ...message, seq: ++c.seq } as StreamMessage;
      c.held.set(numbered.seq, numbered);
      flush(c);
      return numbered;
    },
    async reserve(meetingId, filler, ttlMs = RESERVATION_TTL_MS) {
      const c = channel(meetingId);
      flush(c);
      const seq = ++c.seq;
      c.reserved.set(seq, { deadline: now() + ttlMs, filler: { ...filler, seq } as StreamMessage });
      setTimeout(() => flush(c), ttlMs + 1).unref?.();
      return seq;
    },
    async commit(meetingId, seq, message) {
      const c = channel(meetingId);
      if (!c.reserved.delete(seq)) return null;
      const numbered = { ...message, seq } as StreamMessage;
      c.held.set(seq, numbered);
      flush(c);
      return numbered;
    },
    async abandon(meetingId, seq) {
      const c = channel(meetingId);
      const reservation = c.reserved.get(seq);
      if (!reservation) return;
      c.reserved.delete(seq);
      c.held.set(seq, reservation.filler);
      flush(c);
    },
    async subscribe(meetingId, listener) {
      const c = channel(meetingId);
      c.listeners.add(listener);
      return async () => {
        c.listeners.delete(listener);
      };
    },
    async replay(meetingId, afterSeq) {
      const c = channel(meetingId);
      flush(c);
      return replayFrom(c.log, c.delivered, afterSeq);
    },
    async latestSeq(meetingId) {
      const c = channel(meetingId);
      flush(c);
      return c.delivered;
    },
    async ensureFloor(meetingId, seq) {
      const c = channel(meetingId);
      if (c.seq >= seq) return;
      c.seq = seq;
      c.delivered = seq;
      c.held.clear();
      c.reserved.clear();
    },
    async close() {
      channels.clear();
    },
  };
}

/** The log entries after afterSeq, or null when entries in (afterSeq, latest] are missing from it. */
export function replayFrom(log: StreamMessage[], latest: number, afterSeq: number): StreamMessage[] | null {
  if (afterSeq >= latest) return [];
  const first = log[0];
  if (!first || first.seq > afterSeq + 1) return null;
  return log.filter((m) => m.seq > afterSeq);
}
