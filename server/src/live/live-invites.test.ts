// Meeting invitations on the live socket (issue 16 §3): a holder of the invitation joins as a named
// participant even while sharing is closed; closing the invitation, renewing its link or its expiry
// (test clock) refuses new joins and closes the sockets that joined through it with the reason,
// leaving the share link's participants and the host alone; closing sharing leaves the invited. A
// burst of 20 joins racing the close never leaves a socket in once the close has answered.
import { grantToUserId } from '../domain/entitlements/grants';
import { SVIP } from '../domain/vouchers/package-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, ManualClock } from '../testing/inject';
import { LiveClient, startLiveServer, type LiveTestServer, type LiveTestUser } from '../testing/live-test-kit';

const codeOf = (url: string) => new URL(url, 'http://x').searchParams.get('invite') ?? '';

describe('meeting invitations on the socket', () => {
  let server: LiveTestServer;
  const clock = new ManualClock();
  beforeAll(async () => {
    server = await startLiveServer({}, { clock });
    server.app.services.liveHub.graces = { hostMs: 100, leaveMs: 100 };
    // The invitation is re-read this often here (the clock is moved by hand, not by waiting).
    server.app.services.liveHub.invites.checkMs = 30;
  });
  afterAll(async () => server?.close());

  const post = (owner: LiveTestUser, path: string, body: unknown) => call(server.app, 'POST', path, { token: owner.token, body, lang: 'en-US' });
  const invite = async (owner: LiveTestUser, meetingId: string, expiry: string, renew = false) => {
    const answer = await post(owner, '/speech/meeting/invite', { meetingId, expiry, renew });
    expect(answer.code).toBe(200);
    return codeOf(answer.data.invitation.url);
  };
  const hostOf = async (meetingId: string, owner: LiveTestUser) => {
    const host = await LiveClient.open(server.wsUrl(meetingId, owner.token));
    host.send({ type: 'resume', lastSeq: 0 });
    await host.waitFor((m) => m.type === 'ready');
    return host;
  };
  const join = async (meetingId: string, extra: Record<string, string>, lang = 'en-US') => {
    const guest = await server.visitor();
    const client = await LiveClient.open(server.wsUrl(meetingId, guest.token, { ...extra, lang }));
    return client;
  };
  const refusalOf = async (client: LiveClient) => {
    await client.waitClosed();
    return { closeCode: client.closeCode, error: client.messages.find((m) => m.type === 'error') };
  };

  it('admits by invitation while sharing is closed; closing it ends only the invited, with the reason', async () => {
    const owner = await server.signUp();
    await grantToUserId(server.app.db, server.app.services.clock, owner.id, SVIP, 30);
    const meeting = await server.createMeeting(owner);
    const host = await hostOf(meeting.id, owner);
    const code = await invite(owner, meeting.id, '24h');

    const shared = await join(meeting.id, { name: 'Reader' });
    await shared.waitFor((m) => m.type === 'ready');
    await post(owner, '/speech/meeting/edit', { id: meeting.id, shareStatus: '0' });
    expect(await refusalOf(shared)).toMatchObject({ closeCode: 4410, error: { msgKey: 'live:meetingLinkExpired' } });

    // Sharing is closed, and the invitation admits its holder under the name they gave.
    const invited = await join(meeting.id, { invite: code, name: 'Mei' }, 'zh-CN');
    invited.send({ type: 'resume', lastSeq: 0 });
    expect(await invited.waitFor((m) => m.type === 'ready')).toMatchObject({ role: 'participant' });
    expect(await host.waitFor((m) => m.type === 'participant.joined' && m.userName === 'Mei')).toBeTruthy();
    // Without the code, the same meeting stays closed to a newcomer.
    expect(await refusalOf(await join(meeting.id, { name: 'Nobody' }))).toMatchObject({ closeCode: 4410, error: { msgKey: 'live:meetingLinkExpired' } });
    // Opening sharing again and closing it once more does not touch the invited.
    await post(owner, '/speech/meeting/edit', { id: meeting.id, shareStatus: '1' });
    const sharedAgain = await join(meeting.id, { name: 'Reader 2' });
    await sharedAgain.waitFor((m) => m.type === 'ready');

    // Closing the invitation: the invited socket ends with the reason in its language; the share
    // link's participant and the host stay.
    await post(owner, '/speech/meeting/edit', { id: meeting.id, inviteStatus: '0' });
    expect(await refusalOf(invited)).toMatchObject({ closeCode: 4410, error: { msgKey: 'live:inviteClosed', msg: '主持人已关闭邀请，你的字幕已停止。', fatal: true } });
    expect(host.closeCode).toBeNull();
    expect(sharedAgain.closeCode).toBeNull();
    await host.waitFor((m) => m.type === 'participant.left');
    // New joins by it are refused with the one answer an unknown code gets.
    const late = await refusalOf(await join(meeting.id, { invite: code }));
    const unknown = await refusalOf(await join(meeting.id, { invite: 'z'.repeat(32) }));
    expect(late).toMatchObject({ closeCode: 4410, error: { msgKey: 'live:inviteUnavailable' } });
    expect(unknown.error).toEqual(late.error);
    sharedAgain.close();
    host.close();
  });

  it("admits nobody to another meeting with a code, and names no meeting to a wrong or unknown one", async () => {
    const owner = await server.signUp();
    await grantToUserId(server.app.db, server.app.services.clock, owner.id, SVIP, 30);
    const other = await server.signUp('other');
    await grantToUserId(server.app.db, server.app.services.clock, other.id, SVIP, 30);
    const mine = await server.createMeeting(owner);
    const theirs = await server.createMeeting(other);
    await post(other, '/speech/meeting/edit', { id: theirs.id, shareStatus: '0' });
    const code = await invite(owner, mine.id, '1h');
    // My meeting's code does not open theirs, and a code for a meeting id that does not exist
    // answers exactly like an unknown code.
    const wrong = await refusalOf(await join(theirs.id, { invite: code }));
    const missing = await refusalOf(await join('00000000-0000-0000-0000-000000000000', { invite: code }));
    const unknown = await refusalOf(await join(theirs.id, { invite: 'nope' }));
    expect(wrong).toMatchObject({ closeCode: 4410, error: { msgKey: 'live:inviteUnavailable' } });
    expect(missing).toEqual(wrong);
    expect(unknown).toEqual(wrong);
  });

  it('closes the invited sockets at the expiry, and at once when the link is renewed', async () => {
    const owner = await server.signUp();
    await grantToUserId(server.app.db, server.app.services.clock, owner.id, SVIP, 30);
    const meeting = await server.createMeeting(owner);
    const host = await hostOf(meeting.id, owner);
    const code = await invite(owner, meeting.id, '1h');
    const invited = await join(meeting.id, { invite: code, name: 'Early' });
    await invited.waitFor((m) => m.type === 'ready');

    clock.advanceSeconds(3599);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(invited.closeCode).toBeNull();
    clock.advanceSeconds(1);
    expect(await refusalOf(invited)).toMatchObject({ closeCode: 4410, error: { msgKey: 'live:inviteExpired' } });
    expect((await refusalOf(await join(meeting.id, { invite: code }))).error?.msgKey).toBe('live:inviteUnavailable');

    // A fresh link; then renewing it retires the old one and its sockets at once.
    const second = await invite(owner, meeting.id, '7d');
    expect(second).not.toBe(code);
    const holder = await join(meeting.id, { invite: second, name: 'Second' });
    await holder.waitFor((m) => m.type === 'ready');
    const third = await invite(owner, meeting.id, '7d', true);
    expect(await refusalOf(holder)).toMatchObject({ closeCode: 4410, error: { msgKey: 'live:inviteClosed' } });
    const current = await join(meeting.id, { invite: third, name: 'Third' });
    await current.waitFor((m) => m.type === 'ready');
    // The meeting's end ends everyone, as for the share link.
    await post(owner, '/speech/meeting/stopMeeting', { id: meeting.id });
    expect(await current.waitClosed()).toBe(1000);
    host.close();
  });

  it('lets no join of a burst of 20 through once the close has answered', async () => {
    const owner = await server.signUp();
    await grantToUserId(server.app.db, server.app.services.clock, owner.id, SVIP, 30);
    const meeting = await server.createMeeting(owner);
    // Sharing closed: the invitation is the only way in.
    await post(owner, '/speech/meeting/edit', { id: meeting.id, shareStatus: '0' });
    const host = await hostOf(meeting.id, owner);
    const code = await invite(owner, meeting.id, '24h');
    const guests = await Promise.all(Array.from({ length: 20 }, () => server.visitor()));
    // A slow instance: a join that passed the door waits up to 40 ms before it is admitted, so
    // joins checked before the close arrive after it. The periodic re-read is pushed out of the
    // test, so only the admission itself can keep them out.
    const { meetings } = server.app.services;
    const readable = meetings.readable;
    meetings.readable = async (...args) => {
      const row = await readable(...args);
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 40));
      return row;
    };
    server.app.services.liveHub.invites.checkMs = 60_000;

    // Half the joins go out; once the first is in, the other half go out together with the close,
    // so the close lands while joins are at every stage of being admitted.
    const start = (i: number) =>
      LiveClient.open(server.wsUrl(meeting.id, guests[i]!.token, { invite: code, name: `Guest ${i}` })).then((client) => {
        client.send({ type: 'resume', lastSeq: 0 });
        return client;
      });
    const first = Array.from({ length: 10 }, (_, i) => start(i));
    await Promise.any(first.map((opened) => opened.then((client) => client.waitFor((m) => m.type === 'ready'))));
    const second = Array.from({ length: 10 }, (_, i) => start(10 + i));
    const closed = await post(owner, '/speech/meeting/edit', { id: meeting.id, inviteStatus: '0' });
    expect(closed.code).toBe(200);
    const clients = await Promise.all([...first, ...second]);
    meetings.readable = readable;
    server.app.services.liveHub.invites.checkMs = 30;

    // Every one of them ends: refused at the door, or let in before the close and closed by it.
    const outcomes = await Promise.all(clients.map(refusalOf));
    for (const outcome of outcomes) {
      expect(outcome.closeCode).toBe(4410);
      expect(['live:inviteClosed', 'live:inviteUnavailable']).toContain(outcome.error?.msgKey);
    }
    // Some were in before the close (and were closed by it): the close did race the joins.
    expect(clients.some((client) => client.messages.some((m) => m.type === 'ready') && client.messages.some((m) => m.msgKey === 'live:inviteClosed'))).toBe(true);
    // Nobody who was let in is still in the meeting here, and nobody comes in afterwards.
    const room = (server.app.services.liveHub as unknown as { rooms: { get(id: string): { connections: Set<{ role: string; open: boolean }> } | undefined } }).rooms.get(meeting.id);
    expect([...(room?.connections ?? [])].filter((c) => c.role === 'participant' && c.open)).toEqual([]);
    expect((await refusalOf(await join(meeting.id, { invite: code }))).error?.msgKey).toBe('live:inviteUnavailable');
    // Each join record that was opened is closed: no one stays listed as present.
    await new Promise((resolve) => setTimeout(resolve, 400));
    const list = await call(server.app, 'GET', `/speech/meeting/joinRecord?meetingId=${meeting.id}&pageSize=50`, { token: owner.token, lang: 'en-US' });
    expect(list.data.rows.filter((row: { leaveTime: string | null }) => !row.leaveTime)).toEqual([]);
    host.close();
  });
});
