// Live interpreting metered while a meeting records (issue 11): when the host's live time (the day's
// membership allowance, then the duration pack) runs out, the host is told (meeting.allowance), the
// meeting pauses for everyone, further audio is dropped and a resume is refused with the billing
// text; a purchase resumes it by itself. The meeting is still charged exactly once, at its end.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sortableId } from '../db/sortable-id';
import { grantToUserId } from '../domain/entitlements/grants';
import { VIP } from '../domain/vouchers/package-types';
import { FRAME_BYTES, LiveClient, startLiveServer, type LiveTestServer, type LiveTestUser } from '../testing/live-test-kit';
import { serverMessageProblem } from './live-message-schema';

let server: LiveTestServer;

beforeAll(async () => {
  // No trial: each test gives its host exactly the seconds it means to use up.
  server = await startLiveServer({ trialMinutes: 0 });
});
afterAll(async () => {
  await server?.close();
});

const FRAME_MS = 40;
const silentFrame = () => Buffer.alloc(FRAME_BYTES);

async function attached(url: string): Promise<LiveClient> {
  const client = await LiveClient.open(url);
  await client.waitFor((m) => m.type === 'ready');
  client.send({ type: 'resume', lastSeq: 0 });
  return client;
}

function creditSeconds(user: LiveTestUser, seconds: number) {
  return server.app.services.entitlements.credit(user.id, { account: 'duration', kind: 'purchase', sourceKey: `test:${sortableId()}`, seconds });
}

async function sendAudio(host: LiveClient, firstSeq: number, ms: number): Promise<number> {
  let seq = firstSeq;
  for (let at = 0; at < ms; at += FRAME_MS) {
    host.sendFrame(seq++, silentFrame());
    // A little slower than the wire allows, so a pause has time to land between frames.
    if (seq % 10 === 0) await new Promise((r) => setTimeout(r, 5));
  }
  return seq;
}

const consumptions = (userId: string) =>
  server.app.db.selectFrom('ledger_entries').selectAll().where('user_id', '=', userId).where('kind', '=', 'consumption').execute();

async function meetingRow(id: string) {
  const row = await server.app.services.meetings.find(id);
  if (!row) throw new Error(`no meeting ${id}`);
  return row;
}

describe('live metering while a meeting records', () => {
  it('pauses at the end of the duration pack, refuses a resume, resumes after a purchase and charges once', async () => {
    const host = await server.signUp();
    await creditSeconds(host, 2);
    const meeting = await server.createMeeting(host);
    const hostSocket = await attached(server.wsUrl(meeting.id, host.token));
    const reader = await attached(server.wsUrl(meeting.id, (await server.visitor()).token));
    hostSocket.send({ type: 'control', action: 'start' });
    await reader.waitFor((m) => m.type === 'meeting.state' && m.state === 'in_progress');

    let seq = await sendAudio(hostSocket, 0, 4_000);
    const told = await hostSocket.waitFor((m) => m.type === 'meeting.allowance');
    expect(told).toMatchObject({ status: 'usedUp', code: 92505000 });
    // Participants see it paused, with the reason.
    await reader.waitFor((m) => m.type === 'meeting.state' && m.state === 'paused' && m.reason === 'allowanceUsedUp');
    await hostSocket.waitFor((m) => m.type === 'meeting.state' && m.reason === 'allowanceUsedUp');
    expect((await meetingRow(meeting.id)).state).toBe('paused');

    // More audio is dropped, and the host cannot resume without time.
    seq = await sendAudio(hostSocket, seq, 1_000);
    hostSocket.send({ type: 'control', action: 'resume' });
    const refused = await hostSocket.waitFor((m) => m.type === 'error' && m.msgKey === 'billing:insufficientBalance');
    expect(refused.code).toBe(402);
    expect(refused.msg).toMatch(/Insufficient balance/);
    const recordedMs = (await meetingRow(meeting.id)).audio_ms;
    // What was recorded stays within the 2 s bought (a frame's margin for the one that crossed it).
    expect(recordedMs).toBeGreaterThanOrEqual(2_000);
    expect(recordedMs).toBeLessThanOrEqual(2_000 + FRAME_MS);

    // A purchase: the meeting resumes by itself and says why.
    await creditSeconds(host, 60);
    const restored = await hostSocket.waitFor((m) => m.type === 'meeting.allowance' && m.status === 'restored');
    expect(restored.code).toBeNull();
    await reader.waitFor((m) => m.type === 'meeting.state' && m.state === 'in_progress' && m.reason === 'allowanceRestored');
    seq = await sendAudio(hostSocket, seq, 1_000);
    await new Promise((r) => setTimeout(r, 200));

    hostSocket.send({ type: 'control', action: 'stop' });
    await reader.waitFor((m) => m.type === 'meeting.state' && m.state === 'ended');
    // The stop repeated (a retried host, the repair call) charges nothing more.
    await server.app.services.liveHub.stop(meeting.id);
    await new Promise((r) => setTimeout(r, 300));
    const charged = await consumptions(host.id);
    expect(charged).toHaveLength(1);
    expect(charged[0]!.source_key).toBe(`meeting:${meeting.id}`);
    const total = (await meetingRow(meeting.id)).audio_ms;
    expect(total).toBeGreaterThanOrEqual(3_000);
    expect(-charged[0]!.seconds).toBe(Math.ceil(total / 1000));
    for (const client of [hostSocket, reader]) expect(client.messages.map(serverMessageProblem).filter((p) => p !== null)).toEqual([]);
  });

  it("tells a member that the day's allowance is used up (92505001) when no pack is left", async () => {
    const host = await server.signUp();
    await grantToUserId(server.app.db, server.app.services.clock, host.id, VIP, 1);
    // 3 h a day for VIP: all but one second used today already.
    await server.app.services.entitlements.charge({ id: host.id, is_visitor: 0 }, { usage: 'live', seconds: 3 * 3600 - 1, chargeKey: `earlier:${sortableId()}` });
    const meeting = await server.createMeeting(host);
    const hostSocket = await attached(server.wsUrl(meeting.id, host.token));
    hostSocket.send({ type: 'control', action: 'start' });
    await hostSocket.waitFor((m) => m.type === 'meeting.state' && m.state === 'in_progress');
    await sendAudio(hostSocket, 0, 2_000);
    expect(await hostSocket.waitFor((m) => m.type === 'meeting.allowance')).toMatchObject({ status: 'usedUp', code: 92505001 });
    hostSocket.send({ type: 'control', action: 'resume' });
    await hostSocket.waitFor((m) => m.type === 'error' && m.msgKey === 'billing:quotaUsedUp');
    hostSocket.send({ type: 'control', action: 'stop' });
    await hostSocket.waitFor((m) => m.type === 'meeting.state' && m.state === 'ended');
  });

  it("another user's purchase resumes nothing, and a host-paused meeting is not resumed by a purchase", async () => {
    const host = await server.signUp();
    const other = await server.signUp('other');
    await creditSeconds(host, 1);
    const meeting = await server.createMeeting(host);
    const hostSocket = await attached(server.wsUrl(meeting.id, host.token));
    hostSocket.send({ type: 'control', action: 'start' });
    await hostSocket.waitFor((m) => m.type === 'meeting.state' && m.state === 'in_progress');
    await sendAudio(hostSocket, 0, 2_000);
    await hostSocket.waitFor((m) => m.type === 'meeting.allowance');
    await creditSeconds(other, 3600);
    await new Promise((r) => setTimeout(r, 300));
    expect(hostSocket.messages.some((m) => m.type === 'meeting.allowance' && m.status === 'restored')).toBe(false);
    expect((await meetingRow(meeting.id)).state).toBe('paused');

    // Bought, resumed by itself; then the host pauses: a later purchase leaves it paused.
    await creditSeconds(host, 60);
    await hostSocket.waitFor((m) => m.type === 'meeting.state' && m.reason === 'allowanceRestored');
    hostSocket.send({ type: 'control', action: 'pause' });
    await hostSocket.waitFor((m) => m.type === 'meeting.state' && m.state === 'paused' && m.reason === 'control');
    await creditSeconds(host, 60);
    await new Promise((r) => setTimeout(r, 300));
    expect((await meetingRow(meeting.id)).state).toBe('paused');
    hostSocket.send({ type: 'control', action: 'stop' });
    await hostSocket.waitFor((m) => m.type === 'meeting.state' && m.state === 'ended');
  });
});

describe('BILLING=off', () => {
  it('never pauses a meeting for time', async () => {
    const free = await startLiveServer({ trialMinutes: 0, billing: false });
    try {
      const host = await free.signUp();
      const meeting = await free.createMeeting(host);
      const hostSocket = await attached(free.wsUrl(meeting.id, host.token));
      hostSocket.send({ type: 'control', action: 'start' });
      await hostSocket.waitFor((m) => m.type === 'meeting.state' && m.state === 'in_progress');
      await sendAudio(hostSocket, 0, 2_000);
      await new Promise((r) => setTimeout(r, 300));
      hostSocket.send({ type: 'control', action: 'stop' });
      await hostSocket.waitFor((m) => m.type === 'meeting.state' && m.state === 'ended');
      expect(hostSocket.messages.some((m) => m.type === 'meeting.allowance')).toBe(false);
      const row = await free.app.services.meetings.find(meeting.id);
      expect(row?.audio_ms).toBeGreaterThanOrEqual(1_900);
    } finally {
      await free.close();
    }
  });
});
