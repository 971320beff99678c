// Live metering across two instances on one Redis and one database: the host records on A, a reader
// follows on B. The pause when the time runs out reaches B's reader; a purchase credited on B (where
// the payment notification landed) is not heard by A's hub, so the host's client resumes after its
// purchase.paid (hostMeeting machine, RESUME_AFTER_PAID_MS) and A admits it from the ledger.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sortableId } from '../db/sortable-id';
import { redisVariant } from '../testing/redis-variant';
import { tempDataDir } from '../testing/test-config';
import { FRAME_BYTES, LiveClient, startLiveServer, type LiveTestServer } from '../testing/live-test-kit';

const redis = await redisVariant('Redis live metering test');

describe.skipIf(redis.skipReason)('live metering over Redis', () => {
  let a: LiveTestServer;
  let b: LiveTestServer;
  beforeAll(async () => {
    const dataDir = tempDataDir();
    a = await startLiveServer({ dataDir, redisUrl: redis.url, trialMinutes: 0 });
    b = await startLiveServer({ dataDir, redisUrl: redis.url, trialMinutes: 0 });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('pauses for readers on the other instance and resumes when the host asks after buying there', async () => {
    const owner = await a.signUp();
    const credit = (server: LiveTestServer, seconds: number) =>
      server.app.services.entitlements.credit(owner.id, { account: 'duration', kind: 'purchase', sourceKey: `test:${sortableId()}`, seconds });
    await credit(a, 1);
    const meeting = await a.createMeeting(owner);
    const host = await LiveClient.open(a.wsUrl(meeting.id, owner.token));
    host.send({ type: 'resume', lastSeq: 0 });
    const reader = await LiveClient.open(b.wsUrl(meeting.id, (await b.visitor()).token));
    reader.send({ type: 'resume', lastSeq: 0 });
    host.send({ type: 'control', action: 'start' });
    await reader.waitFor((m) => m.type === 'meeting.state' && m.state === 'in_progress');
    for (let seq = 0; seq < 50; seq++) {
      host.sendFrame(seq, Buffer.alloc(FRAME_BYTES));
      if (seq % 10 === 9) await new Promise((r) => setTimeout(r, 5));
    }
    await reader.waitFor((m) => m.type === 'meeting.allowance' && m.status === 'usedUp' && m.code === 92505000);
    await reader.waitFor((m) => m.type === 'meeting.state' && m.state === 'paused' && m.reason === 'allowanceUsedUp');

    await credit(b, 60);
    await new Promise((r) => setTimeout(r, 300));
    expect(host.messages.some((m) => m.type === 'meeting.allowance' && m.status === 'restored')).toBe(false);
    host.send({ type: 'control', action: 'resume' });
    await reader.waitFor((m) => m.type === 'meeting.state' && m.state === 'in_progress' && m.reason === 'control' && m.seq > 3);
    host.send({ type: 'control', action: 'stop' });
    await reader.waitFor((m) => m.type === 'meeting.state' && m.state === 'ended');
    await new Promise((r) => setTimeout(r, 300));
    const charges = await a.app.db.selectFrom('ledger_entries').selectAll().where('user_id', '=', owner.id).where('kind', '=', 'consumption').execute();
    expect(charges.map((c) => c.source_key)).toEqual([`meeting:${meeting.id}`]);
  });
});
