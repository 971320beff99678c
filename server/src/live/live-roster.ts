// Who is in a meeting, as every server instance sees it: participants' connection counts with the
// join record each one has, and how many connections read each translation language. In-process
// here (one instance is the whole truth); with Redis (redis-live-roster.ts) the same interface is
// shared by instances, so a participant reconnecting to another instance keeps one join record and
// a language read only on another instance is still translated.

export interface RosterArrival {
  /** The participant's join record: the one they already have, or `newJoinId` when `fresh`. */
  joinId: string;
  /** First connection anywhere: the caller opens the join record and publishes the join. */
  fresh: boolean;
}

export interface LiveRoster {
  /** A participant connection arrived (any instance). */
  arrive(meetingId: string, key: string, newJoinId: string): Promise<RosterArrival>;
  /** A participant connection closed: counted down at once; the leave is decided after the grace. */
  depart(meetingId: string, key: string): Promise<void>;
  /** After the leave grace: the join id to close when no connection is left anywhere, else null. */
  settleLeave(meetingId: string, key: string): Promise<string | null>;
  /** One more (+1) or one fewer (-1) connection reading `language`. */
  countReader(meetingId: string, language: string, delta: 1 | -1): Promise<void>;
  /** Languages at least one connection reads now. */
  readingLanguages(meetingId: string): Promise<string[]>;
  /** One more (+1) or one fewer (-1) projection screen connected; answers how many are now (every instance). */
  countScreen(meetingId: string, delta: 1 | -1): Promise<number>;
  close(): Promise<void>;
}

interface MeetingRoster {
  participants: Map<string, { connections: number; joinId: string }>;
  readers: Map<string, number>;
  /** Projection screens connected: counted apart, never participants. */
  screens: number;
}

export function createInProcessRoster(): LiveRoster {
  const meetings = new Map<string, MeetingRoster>();
  const of = (meetingId: string) => {
    let roster = meetings.get(meetingId);
    if (!roster) meetings.set(meetingId, (roster = { participants: new Map(), readers: new Map(), screens: 0 }));
    return roster;
  };
  const forgetIfEmpty = (meetingId: string) => {
    const roster = meetings.get(meetingId);
    if (roster && roster.participants.size === 0 && roster.readers.size === 0 && roster.screens === 0) meetings.delete(meetingId);
  };
  return {
    async arrive(meetingId, key, newJoinId) {
      const participants = of(meetingId).participants;
      const present = participants.get(key);
      if (present) {
        present.connections += 1;
        return { joinId: present.joinId, fresh: false };
      }
      participants.set(key, { connections: 1, joinId: newJoinId });
      return { joinId: newJoinId, fresh: true };
    },
    async depart(meetingId, key) {
      const present = meetings.get(meetingId)?.participants.get(key);
      if (present) present.connections -= 1;
    },
    async settleLeave(meetingId, key) {
      const participants = meetings.get(meetingId)?.participants;
      const present = participants?.get(key);
      if (!present || present.connections > 0) return null;
      participants!.delete(key);
      forgetIfEmpty(meetingId);
      return present.joinId;
    },
    async countReader(meetingId, language, delta) {
      const readers = of(meetingId).readers;
      const n = (readers.get(language) ?? 0) + delta;
      if (n > 0) readers.set(language, n);
      else readers.delete(language);
      forgetIfEmpty(meetingId);
    },
    async readingLanguages(meetingId) {
      return [...(meetings.get(meetingId)?.readers.keys() ?? [])];
    },
    async countScreen(meetingId, delta) {
      const roster = of(meetingId);
      roster.screens = Math.max(0, roster.screens + delta);
      const now = roster.screens;
      forgetIfEmpty(meetingId);
      return now;
    },
    async close() {
      meetings.clear();
    },
  };
}
