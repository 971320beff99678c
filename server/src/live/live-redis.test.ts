// Fan-out across two server instances on one Redis (and one database): a host on instance A and a
// participant on instance B see the same stream, numbered once, in order; presence crosses over;
// a participant resuming on the other instance gets the messages it missed exactly once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { participantKey } from '../domain/meetings/meeting-view';
import { redisVariant } from '../testing/redis-variant';
import { tempDataDir } from '../testing/test-config';
import { LiveClient, startLiveServer, type LiveTestServer } from '../testing/live-test-kit';

const redis = await redisVariant('Redis fan-out test');

describe.skipIf(redis.skipReason)('live fan-out over Redis', () => {
  let a: LiveTestServer;
  let b: LiveTestServer;
  beforeAll(async () => {
    const dataDir = tempDataDir();
    a = await startLiveServer({ dataDir, redisUrl: redis.url });
    b = await startLiveServer({ dataDir, redisUrl: redis.url });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('delivers one numbered stream to connections on both instances', async () => {
    expect(a.app.services.liveHub.bus.kind).toBe('redis');
    const owner = await a.signUp();
    const meeting = await a.createMeeting(owner);
    const guestUser = await b.visitor();
    const host = await LiveClient.open(a.wsUrl(meeting.id, owner.token));
    host.send({ type: 'resume', lastSeq: 0 });
    const guest = await LiveClient.open(b.wsUrl(meeting.id, guestUser.token));
    guest.send({ type: 'resume', lastSeq: 0 });
    await host.waitFor((m) => m.type === 'participant.joined' && m.userId === participantKey(meeting.id, guestUser.id));

    host.send({ type: 'control', action: 'start' });
    for (let i = 0; i < 20; i++) {
      await (i % 2 ? a : b).app.services.liveHub.publish(meeting.id, { type: 'subtitle.partial', segmentId: 's', startMs: 0, endMs: i, text: `w${i}`, lang: 'en-US' });
    }
    await guest.waitFor((m) => m.text === 'w19');
    await host.waitFor((m) => m.text === 'w19');
    const seqs = host.stream.map((m) => m.seq);
    expect(seqs).toEqual(seqs.map((_, i) => seqs[0]! + i));
    expect(guest.stream.map((m) => m.seq)).toEqual(seqs.filter((s) => s >= guest.stream[0]!.seq));
    expect(guest.stream.filter((m) => m.type === 'meeting.state').map((m) => m.state)).toEqual(['in_progress']);

    // The guest drops from B and resumes on A.
    const last = guest.lastSeq;
    guest.socket.close();
    await guest.waitClosed();
    for (let i = 0; i < 3; i++) await b.app.services.liveHub.publish(meeting.id, { type: 'subtitle.partial', segmentId: 's', startMs: 0, endMs: i, text: `away${i}`, lang: 'en-US' });
    const back = await LiveClient.open(a.wsUrl(meeting.id, guestUser.token));
    back.send({ type: 'resume', lastSeq: last });
    await back.waitFor((m) => m.text === 'away2');
    const resumed = back.stream.map((m) => m.seq);
    // Presence is kept per instance, so A may report the guest joining there after the three.
    expect(resumed.slice(0, 3)).toEqual([last + 1, last + 2, last + 3]);
    expect(resumed).toEqual(resumed.map((_, i) => last + 1 + i));

    // Stopping through instance B's call reaches the host on A.
    const { call } = await import('../testing/inject');
    await call(b.app, 'POST', '/speech/meeting/stopMeeting', { token: owner.token, body: { id: meeting.id } });
    await host.waitFor((m) => m.type === 'meeting.state' && m.state === 'ended');
    back.close();
  });
});
