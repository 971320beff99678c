// Invitations across two instances on one Redis: a participant joined by the invitation on
// instance B is closed (live:inviteClosed) when the host closes it through instance A — B re-reads
// the invitation of meetings it holds invited sockets of, so the close reaches it without a message.
import { grantToUserId } from '../domain/entitlements/grants';
import { SVIP } from '../domain/vouchers/package-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../testing/inject';
import { redisVariant } from '../testing/redis-variant';
import { tempDataDir } from '../testing/test-config';
import { LiveClient, startLiveServer, type LiveTestServer } from '../testing/live-test-kit';

const redis = await redisVariant('Redis invitation test');

describe.skipIf(redis.skipReason)('meeting invitations over Redis', () => {
  let a: LiveTestServer;
  let b: LiveTestServer;
  beforeAll(async () => {
    const dataDir = tempDataDir();
    a = await startLiveServer({ dataDir, redisUrl: redis.url });
    b = await startLiveServer({ dataDir, redisUrl: redis.url });
    for (const server of [a, b]) server.app.services.liveHub.invites.checkMs = 100;
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('ends on instance B the invited sockets of an invitation closed through instance A', async () => {
    const owner = await a.signUp();
    await grantToUserId(a.app.db, a.app.services.clock, owner.id, SVIP, 30);
    const meeting = await a.createMeeting(owner);
    const host = await LiveClient.open(a.wsUrl(meeting.id, owner.token));
    host.send({ type: 'resume', lastSeq: 0 });
    const opened = await call(a.app, 'POST', '/speech/meeting/invite', { token: owner.token, body: { meetingId: meeting.id, expiry: '1h' }, lang: 'en-US' });
    const code = new URL(opened.data.invitation.url, 'http://x').searchParams.get('invite')!;

    const guest = await b.visitor();
    const onB = await LiveClient.open(b.wsUrl(meeting.id, guest.token, { invite: code, name: 'Lucía' }));
    onB.send({ type: 'resume', lastSeq: 0 });
    await onB.waitFor((m) => m.type === 'ready');
    await host.waitFor((m) => m.type === 'participant.joined' && m.userName === 'Lucía');

    await call(a.app, 'POST', '/speech/meeting/edit', { token: owner.token, body: { id: meeting.id, inviteStatus: '0' }, lang: 'en-US' });
    expect(await onB.waitClosed()).toBe(4410);
    expect(onB.messages.find((m) => m.type === 'error')).toMatchObject({ msgKey: 'live:inviteClosed' });
    expect(host.closeCode).toBeNull();
    host.close();
  });
});
