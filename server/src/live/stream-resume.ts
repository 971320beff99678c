// The answer to {type:'resume', lastSeq}: every stream message after lastSeq exactly once — from the
// bus's replay log when it reaches back that far, else the persisted finals then the rest of the log;
// a lastSeq above the bus's latest (the server restarted) gets the full transcript with reset true.
// Live messages that arrive meanwhile wait in the connection until the replay is out.
// A final is stored before it goes out (recording-session.ts), so the database may hold a final
// above the bus's latest seq for a moment: it is left to its live delivery (which waits in the
// connection), never sent twice, and the transcript's seq never runs ahead of the stream.
import type { LiveFinalSubtitle } from '../../../src/shared/contract/live-messages';
import type { MeetingsService } from '../domain/meetings/meetings-service';
import type { LiveBus } from './live-bus';
import { maskSubtitle, type LiveConnection } from './live-connection';

export async function resumeStream(
  deps: { bus: LiveBus; meetings: MeetingsService },
  meetingId: string,
  connection: LiveConnection,
  lastSeq: number,
): Promise<void> {
  const { bus, meetings } = deps;
  connection.beginAttach();
  try {
    const latest = await bus.latestSeq(meetingId);
    if (lastSeq > latest) {
      const finals = delivered(await meetings.finalsAfter(meetingId, 0), latest);
      connection.lastSentSeq = latest;
      connection.sendDirect({ type: 'transcript', seq: latest, reset: true, segments: forConnection(finals, connection) });
      return;
    }
    if (lastSeq > 0) {
      const replay = await bus.replay(meetingId, lastSeq);
      if (replay) {
        connection.lastSentSeq = Math.max(connection.lastSentSeq, lastSeq);
        for (const message of replay) connection.sendStream(message);
        return;
      }
    }
    // A first connection, or a reconnect the log no longer covers: the persisted finals, then the
    // log from the last of them.
    const finals = delivered(await meetings.finalsAfter(meetingId, lastSeq), latest);
    const stored = Math.max(lastSeq, finals.at(-1)?.seq ?? 0);
    const rest = await bus.replay(meetingId, stored);
    const upTo = rest ? stored : latest;
    connection.lastSentSeq = upTo;
    connection.sendDirect({ type: 'transcript', seq: upTo, reset: false, segments: forConnection(finals, connection) });
    for (const message of rest ?? []) connection.sendStream(message);
  } finally {
    connection.endAttach();
  }
}

/** Finals already delivered on the stream (seq ≤ latest); a final stored but not yet out comes live. */
function delivered(finals: LiveFinalSubtitle[], latest: number): LiveFinalSubtitle[] {
  return finals.filter((final) => final.seq <= latest);
}

/** A subscribed participant's transcript carries only their language's translations. */
function forConnection(finals: LiveFinalSubtitle[], connection: LiveConnection): LiveFinalSubtitle[] {
  const mask = connection.mask;
  return cutToLanguage(mask ? finals.map((final) => maskSubtitle(final, mask)) : finals, connection);
}

function cutToLanguage(finals: LiveFinalSubtitle[], connection: LiveConnection): LiveFinalSubtitle[] {
  const language = connection.role === 'participant' ? connection.translationLanguage : null;
  if (!language) return finals;
  return finals.map((final) => {
    const translations = final.translations ?? {};
    return { ...final, translations: language in translations ? { [language]: translations[language]! } : {} };
  });
}
