// Meeting invitations over HTTP on SQLite and PostgreSQL (issue 16 §3): the host opens an
// invitation with an expiry and gets a link; its holder reads the meeting as a participant even
// while sharing is closed; closing, expiry (test clock), a renewed link, the meeting's end, an
// unknown code and another user's meeting all answer one translated error that does not tell
// whether the meeting exists. Sockets are in live/live-invites.test.ts.
import { grantToUserId } from '../domain/entitlements/grants';
import { SVIP } from '../domain/vouchers/package-types';
import { describe, expect, it } from 'vitest';
import { INVITE_EXPIRIES } from '../../../src/shared/contract/limits';
import { createVisitor } from '../domain/session/users';
import { issueToken } from '../domain/session/tokens';
import { useRecordsTestApp } from '../testing/records-test-kit';
import { databaseVariants } from '../testing/database-variants';

const variants = await databaseVariants();

const codeOf = (url: string) => new URL(url, 'http://x').searchParams.get('invite') ?? '';

describe.each(variants)('meeting invitations on $name', (variant) => {
  const kit = useRecordsTestApp(variant);

  const visitor = async () => {
    const user = await createVisitor(kit.app.db, kit.clock);
    return { user, token: await issueToken(kit.app.db, kit.clock, user.id) };
  };
  const create = async (owner: Awaited<ReturnType<typeof kit.signUp>>) =>
    (await kit.post('/speech/meeting/create', owner, { name: 'Board', recognitionLanguages: ['en-US'], translationLanguages: ['es-ES'] })).data;

  describe.skipIf(variant.skipReason)('', () => {
    it('opens with an expiry, admits its holder while sharing is closed, and closes independently of sharing', async () => {
      const owner = await kit.signUp();
      await grantToUserId(kit.app.db, kit.clock, owner.user.id, SVIP, 30);
      const meeting = await create(owner);
      expect(meeting).toMatchObject({ inviteStatus: '0', invitation: null, mayInvite: true });

      const opened = await kit.post('/speech/meeting/invite', owner, { meetingId: meeting.id, expiry: '1h' });
      expect(opened.code).toBe(200);
      const invitation = opened.data.invitation;
      expect(invitation).toMatchObject({ open: true, expired: false });
      expect(invitation.url).toMatch(/^\/meetingShare\?invite=[\w-]{32}$/);
      expect(Date.parse(invitation.expireTime) - kit.clock.now().getTime()).toBe(INVITE_EXPIRIES['1h'] * 1000);
      expect(opened.data.inviteStatus).toBe('1');
      const code = codeOf(invitation.url);

      // Sharing closed: the share link expires, the invitation still admits.
      await kit.post('/speech/meeting/edit', owner, { id: meeting.id, shareStatus: '0' });
      const guest = await visitor();
      expect((await kit.get('/speech/meeting/getMeeting', guest, { id: meeting.id })).code).toBe(410);
      const read = await kit.get('/speech/meeting/openInvite', guest, { code });
      expect(read.code).toBe(200);
      expect(read.data).toMatchObject({ id: meeting.id, name: 'Board', isHost: false, hostName: expect.any(String), translationLanguages: ['es-ES'] });
      // The invitation's code and the host's id are the host's: a participant never reads them.
      expect(read.data.invitation).toBeUndefined();
      expect(read.data.hostId).toBeUndefined();
      expect(JSON.stringify(read.data)).not.toContain(code);

      // Closing the invitation leaves sharing as it is (and the other way round).
      const closed = await kit.post('/speech/meeting/edit', owner, { id: meeting.id, inviteStatus: '0', shareStatus: '1' });
      expect(closed.data).toMatchObject({ inviteStatus: '0', shareStatus: '1', invitation: { open: false, url: invitation.url } });
      expect((await kit.get('/speech/meeting/getMeeting', guest, { id: meeting.id })).code).toBe(200);
      const refused = await kit.get('/speech/meeting/openInvite', guest, { code }, 'zh-CN');
      expect(refused).toMatchObject({ code: 410, msg: '此邀请已关闭或已过期，请向主持人索取新链接。' });

      // Opened again before its expiry: the link handed out works again, with the new expiry.
      const reopened = await kit.post('/speech/meeting/invite', owner, { meetingId: meeting.id, expiry: 'meetingEnd' });
      expect(reopened.data.invitation).toMatchObject({ url: invitation.url, open: true, expireTime: null });
      expect((await kit.get('/speech/meeting/openInvite', guest, { code })).code).toBe(200);
    });

    it('expires at the chosen time; opening an expired one gives a new link; renew retires the old one at once', async () => {
      const owner = await kit.signUp();
      await grantToUserId(kit.app.db, kit.clock, owner.user.id, SVIP, 30);
      const meeting = await create(owner);
      const guest = await visitor();
      const first = codeOf((await kit.post('/speech/meeting/invite', owner, { meetingId: meeting.id, expiry: '1h' })).data.invitation.url);
      kit.clock.advanceSeconds(INVITE_EXPIRIES['1h'] - 1);
      expect((await kit.get('/speech/meeting/openInvite', guest, { code: first })).code).toBe(200);
      kit.clock.advanceSeconds(1);
      const expired = await kit.get('/speech/meeting/openInvite', guest, { code: first }, 'zh-TW');
      expect(expired).toMatchObject({ code: 410, msg: '此邀請已關閉或已過期，請向主持人索取新連結。' });
      const view = await kit.get('/speech/meeting/getMeeting', owner, { id: meeting.id });
      expect(view.data.invitation).toMatchObject({ open: true, expired: true });

      const second = codeOf((await kit.post('/speech/meeting/invite', owner, { meetingId: meeting.id, expiry: '24h' })).data.invitation.url);
      expect(second).not.toBe(first);
      expect((await kit.get('/speech/meeting/openInvite', guest, { code: first })).code).toBe(410);
      expect((await kit.get('/speech/meeting/openInvite', guest, { code: second })).code).toBe(200);

      const third = codeOf((await kit.post('/speech/meeting/invite', owner, { meetingId: meeting.id, expiry: '24h', renew: true })).data.invitation.url);
      expect(third).not.toBe(second);
      expect((await kit.get('/speech/meeting/openInvite', guest, { code: second })).code).toBe(410);
      expect((await kit.get('/speech/meeting/openInvite', guest, { code: third })).code).toBe(200);

      // The meeting's end closes it, whatever the expiry.
      await kit.post('/speech/meeting/stopMeeting', owner, { id: meeting.id });
      expect((await kit.get('/speech/meeting/openInvite', guest, { code: third })).code).toBe(410);
      expect((await kit.post('/speech/meeting/invite', owner, { meetingId: meeting.id, expiry: '1h' })).code).toBe(410);
    });

    it("never reaches another user's meeting, and an unknown code answers like a closed one", async () => {
      const owner = await kit.signUp();
      await grantToUserId(kit.app.db, kit.clock, owner.user.id, SVIP, 30);
      const stranger = await kit.signUp('stranger');
      await grantToUserId(kit.app.db, kit.clock, stranger.user.id, SVIP, 30);
      const meeting = await create(owner);
      const code = codeOf((await kit.post('/speech/meeting/invite', owner, { meetingId: meeting.id, expiry: '7d' })).data.invitation.url);

      // Another user can neither open, renew nor close it; the answer is the missing meeting's.
      const notFound = await kit.post('/speech/meeting/invite', stranger, { meetingId: meeting.id, expiry: '1h', renew: true });
      expect(notFound.code).toBe(404);
      expect((await kit.post('/speech/meeting/edit', stranger, { id: meeting.id, inviteStatus: '0' })).code).toBe(404);
      expect((await kit.get('/speech/meeting/openInvite', stranger, { code })).data.id).toBe(meeting.id);

      // Closed, expired and unknown codes answer alike (same code and text), never naming the meeting.
      const guest = await visitor();
      const unknown = await kit.get('/speech/meeting/openInvite', guest, { code: 'x'.repeat(32) });
      const missingMeeting = await kit.post('/speech/meeting/invite', owner, { meetingId: 'no-such-meeting', expiry: '1h' });
      expect(missingMeeting.code).toBe(404);
      await kit.post('/speech/meeting/edit', owner, { id: meeting.id, inviteStatus: '0' });
      const closed = await kit.get('/speech/meeting/openInvite', guest, { code });
      expect(unknown).toMatchObject({ code: 410, msg: 'This invitation is closed or has expired. Ask the host for a new link.' });
      expect(unknown.data ?? null).toBeNull();
      expect(closed.body).toBe(unknown.body);
      // A bad code is refused by the contract before anything is looked up.
      expect((await kit.get('/speech/meeting/openInvite', guest, { code: 'y'.repeat(65) })).code).toBe(400);
    });
  });
});
