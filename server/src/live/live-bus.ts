// The fan-out of one meeting's stream messages: numbering (seq +1 per meeting), delivery in seq
// order to every subscriber, and a bounded replay log for reconnecting clients. In-process by
// default; Redis pub/sub (redis-live-bus.ts) when several server instances share meetings.

import type { LiveStreamMessage, UnnumberedStreamMessage } from '../../../src/shared/contract/live-messages';

/** A message of a meeting's stream (the contract's stream kinds); `seq` is set by the bus. */
export type StreamMessage = LiveStreamMessage;

export type UnnumberedMessage = UnnumberedStreamMessage;

export interface LiveBus {
  readonly kind: 'in-process' | 'redis';
  /** Numbers the message with the meeting's next seq and delivers it to every subscriber, in seq order. */
  publish(meetingId: string, message: UnnumberedMessage): Promise<StreamMessage>;
  /** Resolves once deliveries to `listener` are guaranteed for every later publish. */
  subscribe(meetingId: string, listener: (message: StreamMessage) => void): Promise<() => Promise<void>>;
  /** Messages with seq > afterSeq, or null when the log no longer reaches back that far. */
  replay(meetingId: string, afterSeq: number): Promise<StreamMessage[] | null>;
  latestSeq(meetingId: string): Promise<number>;
  /** Numbering continues above `seq` (a persisted seq after a restart). */
  ensureFloor(meetingId: string, seq: number): Promise<void>;
  close(): Promise<void>;
}

// Enough for 50 reconnects in a row and minutes of partials; older history comes from the
// persisted finals (the `transcript` answer).
export const REPLAY_LOG_SIZE = 4000;

interface Channel {
  seq: number;
  log: StreamMessage[];
  listeners: Set<(message: StreamMessage) => void>;
}

export function createInProcessBus(logSize = REPLAY_LOG_SIZE): LiveBus {
  const channels = new Map<string, Channel>();
  const channel = (id: string) => {
    let c = channels.get(id);
    if (!c) {
      c = { seq: 0, log: [], listeners: new Set() };
      channels.set(id, c);
    }
    return c;
  };
  return {
    kind: 'in-process',
    async publish(meetingId, message) {
      const c = channel(meetingId);
      const numbered = { ...message, seq: ++c.seq } as StreamMessage;
      c.log.push(numbered);
      if (c.log.length > logSize) c.log.splice(0, c.log.length - logSize);
      for (const listener of [...c.listeners]) listener(numbered);
      return numbered;
    },
    async subscribe(meetingId, listener) {
      const c = channel(meetingId);
      c.listeners.add(listener);
      return async () => {
        c.listeners.delete(listener);
      };
    },
    async replay(meetingId, afterSeq) {
      return replayFrom(channel(meetingId).log, channel(meetingId).seq, afterSeq);
    },
    async latestSeq(meetingId) {
      return channel(meetingId).seq;
    },
    async ensureFloor(meetingId, seq) {
      const c = channel(meetingId);
      if (c.seq < seq) c.seq = seq;
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
