// Meeting calls on SQLite and PostgreSQL: create with the spec's language limits, read by owner and
// by share holders ('meeting link expired' once closed or ended), list, edit, stop, join records,
// cast codes with expiry, presets, and the meeting entitlement answer.
import { describe, expect, it } from 'vitest';
import { participantKey } from '../domain/meetings/meeting-view';
import { CAST_CODE_TTL_SECONDS, MEETING_RECOGNITION_LANGUAGES_MAX } from '../../../src/shared/contract/limits';
import { useRecordsTestApp } from '../testing/records-test-kit';
import { meetingDb } from '../domain/meetings/meeting-tables';
import { loadEngineConfig } from '../engines/config';
import { createVisitor } from '../domain/session/users';
import { issueToken } from '../domain/session/tokens';
import { databaseVariants } from '../testing/database-variants';
import { grantToUserId } from '../domain/entitlements/grants';
import { SVIP } from '../domain/vouchers/package-types';

const variants = await databaseVariants();
const langs = (n: number) => Array.from({ length: n }, (_, i) => `x${String.fromCharCode(97 + Math.floor(i / 26))}${String.fromCharCode(97 + (i % 26))}-US`);

describe.each(variants)('meetings on $name', (variant) => {
  // Remote engines configured (never called: no audio flows here) so every product language may be
  // chosen; refusals of languages the embedded engines lack are in engine-refusals.test.ts.
  const kit = useRecordsTestApp(variant, { engines: loadEngineConfig({ ASR_URL: 'http://127.0.0.1:9/', TRANSLATE_URL: 'http://127.0.0.1:9/' }) });

  const visitor = async () => {
    const user = await createVisitor(kit.app.db, kit.clock);
    return { user, token: await issueToken(kit.app.db, kit.clock, user.id) };
  };

  describe.skipIf(variant.skipReason)('', () => {
    it('creates within the language limits, with a record in the list', async () => {
      const owner = await kit.signUp();
      // The product maximum (10 recognition, 4 interpretation languages) is SVIP's (tier rules: entitlements.test.ts).
      await grantToUserId(kit.app.db, kit.clock, owner.user.id, SVIP, 30);
      const ok = await kit.post('/speech/meeting/create', owner, {
        name: '  Board  ',
        recognitionLanguages: ['en-US'],
        translationLanguages: ['es-ES', 'fr-FR'],
        subtitleStyle: { fontSize: 30, position: 'top' },
      });
      expect(ok.code).toBe(200);
      expect(ok.data).toMatchObject({
        name: 'Board',
        state: 'not_started',
        recognitionLanguages: ['en-US'],
        translationLanguages: ['es-ES', 'fr-FR'],
        shareStatus: '1',
        isHost: true,
        shareUrl: `/meetingShare?meetingId=${ok.data.id}`,
        subtitleStyle: { fontSize: 30, position: 'top', color: '#ffffff', lines: 2, display: 'bilingual' },
      });
      const list = await kit.get('/speech/audio/transcribe/query', owner, {});
      expect(list.data.rows.find((r: any) => r.id === ok.data.transId)).toMatchObject({ recordType: 'meeting', showName: 'Board', targetLanguages: ['es-ES', 'fr-FR'] });

      const unnamed = await kit.post('/speech/meeting/create', owner, { recognitionLanguages: ['en-US'], translationLanguages: ['es-ES'] }, 'en-US');
      expect(unnamed.data.name).toMatch(/^Live meeting \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);

      const max = await kit.post('/speech/meeting/create', owner, { recognitionLanguages: langs(MEETING_RECOGNITION_LANGUAGES_MAX), translationLanguages: langs(4) });
      expect(max.code).toBe(200);
      for (const body of [
        { recognitionLanguages: langs(MEETING_RECOGNITION_LANGUAGES_MAX + 1), translationLanguages: ['es-ES'] },
        { recognitionLanguages: ['en-US'], translationLanguages: langs(5) },
        { recognitionLanguages: ['en-US'], translationLanguages: [] },
        { recognitionLanguages: ['en-US'] },
        { recognitionLanguages: ['en-US'], translationLanguages: ['es-ES'], subtitleStyle: { fontSize: 500 } },
      ]) {
        const refused = await kit.post('/speech/meeting/create', owner, body);
        expect(refused.code, JSON.stringify(body)).toBe(400);
      }
      const editEmpty = await kit.post('/speech/meeting/edit', owner, { id: ok.data.id, translationLanguages: [] });
      expect(editEmpty.code).toBe(400);
    });

    it('shows a paused meeting’s record as paused in the owner’s list, not as transcribing', async () => {
      const owner = await kit.signUp();
      const meeting = (await kit.post('/speech/meeting/create', owner, { recognitionLanguages: ['en-US'], translationLanguages: ['es-ES'] })).data;
      const listed = async () => (await kit.get('/speech/audio/transcribe/query', owner, {})).data.rows.find((r: any) => r.id === meeting.transId);
      expect(await listed()).toMatchObject({ state: 'transcribing', meetingState: 'not_started' });
      // The server pauses a meeting whose host tab closed (or whose live time ran out).
      await meetingDb(kit.app.db).updateTable('meetings').set({ state: 'paused' }).where('id', '=', meeting.id).execute();
      expect(await listed()).toMatchObject({ state: 'transcribing', meetingState: 'paused' });
    });

    it('is read by its owner and by share holders until the link closes or the meeting ends', async () => {
      const owner = await kit.signUp();
      const other = await kit.signUp('other');
      const guest = await visitor();
      const { data: meeting } = await kit.post('/speech/meeting/create', owner, { recognitionLanguages: ['en-US'], translationLanguages: ['es-ES'] });

      const asGuest = await kit.get('/speech/meeting/getMeeting', guest, { id: meeting.id });
      expect(asGuest.data).toMatchObject({ id: meeting.id, isHost: false, transId: null, folderId: null });
      // Issue 9: the public answer names the host but carries no internal id of theirs.
      const ownerId = (await kit.get('/auth/getUserInfo', owner, {})).data.id as string;
      expect(ownerId).toBeTruthy();
      expect(asGuest.data.hostId).toBeUndefined();
      expect(JSON.stringify(asGuest.data)).not.toContain(ownerId);
      expect((await kit.get('/speech/meeting/getMeeting', owner, { id: meeting.id })).data.hostId).toBe(ownerId);
      expect((await kit.get('/speech/meeting/getMeeting', null, { id: meeting.id })).code).toBe(401);
      expect((await kit.get('/speech/meeting/getMeeting', owner, { id: 'missing' })).code).toBe(404);

      const edited = await kit.post('/speech/meeting/edit', owner, { id: meeting.id, shareStatus: '0', name: 'Renamed', subtitleStyle: { lines: 3 } });
      expect(edited.data).toMatchObject({ shareStatus: '0', name: 'Renamed', subtitleStyle: { lines: 3, fontSize: 24 } });
      const expired = await kit.get('/speech/meeting/getMeeting', guest, { id: meeting.id }, 'en-US');
      expect(expired).toMatchObject({ code: 410, msg: 'The meeting link has expired' });
      expect((await kit.post('/speech/meeting/edit', other, { id: meeting.id, shareStatus: '1' })).code).toBe(404);
      await kit.post('/speech/meeting/edit', owner, { id: meeting.id, shareStatus: '1' });
      expect((await kit.get('/speech/meeting/getMeeting', guest, { id: meeting.id })).code).toBe(200);

      expect((await kit.post('/speech/meeting/stopMeeting', other, { id: meeting.id })).code).toBe(404);
      const stopped = await kit.post('/speech/meeting/stopMeeting', owner, { id: meeting.id });
      expect(stopped.data).toMatchObject({ state: 'ended' });
      expect(stopped.data.endTime).toBeTruthy();
      expect((await kit.post('/speech/meeting/stopMeeting', owner, { id: meeting.id })).data.state).toBe('ended');
      expect((await kit.get('/speech/meeting/getMeeting', guest, { id: meeting.id }, 'zh-CN')).msg).toBe('会议链接已失效');
      expect((await kit.get('/speech/meeting/getMeeting', owner, { id: meeting.id })).data.state).toBe('ended');
      const record = await kit.app.db.selectFrom('records').selectAll().where('id', '=', meeting.transId).executeTakeFirstOrThrow();
      expect(record.state).toBe('translation_completed');
    });

    it('lists the owner’s meetings newest first, page by page', async () => {
      const owner = await kit.signUp();
      for (const name of ['one', 'two', 'three']) {
        kit.clock.advanceSeconds(60);
        await kit.post('/speech/meeting/create', owner, { name, recognitionLanguages: ['en-US'], translationLanguages: ['es-ES'] });
      }
      const page = await kit.get('/speech/meeting/getMeetingList', owner, { pageNum: 1, pageSize: 2 });
      expect(page.data.total).toBe(3);
      expect(page.data.rows.map((r: any) => r.name)).toEqual(['three', 'two']);
      expect((await kit.get('/speech/meeting/getMeetingList', await kit.signUp('x'), {})).data).toEqual({ total: 0, rows: [] });
    });

    it('keeps join records with language, join and leave times', async () => {
      const owner = await kit.signUp();
      const guest = await visitor();
      const { data: meeting } = await kit.post('/speech/meeting/create', owner, { recognitionLanguages: ['en-US'], translationLanguages: ['es-ES'] });
      const meetings = kit.app.services.meetings;
      const { id: joinId } = await meetings.openJoin(meeting.id, { user: guest.user, translationLanguage: null });
      await meetings.setJoinLanguage(joinId, 'es-ES');
      kit.clock.advanceSeconds(90);
      await meetings.closeJoin(joinId);
      const joins = await kit.get('/speech/meeting/joinRecord', owner, { meetingId: meeting.id });
      expect(joins.data.total).toBe(1);
      expect(joins.data.rows[0]).toMatchObject({ index: 1, userId: participantKey(meeting.id, guest.user.id), userName: 'visitor', translationLanguage: 'es-ES' });
      // Issue 9: no internal user id in what the host reads about others.
      expect(JSON.stringify(joins.data)).not.toContain(guest.user.id);
      expect(Date.parse(joins.data.rows[0].leaveTime) - Date.parse(joins.data.rows[0].joinTime)).toBe(90_000);
      expect((await kit.get('/speech/meeting/joinRecord', await kit.signUp('y'), { meetingId: meeting.id })).code).toBe(404);
    });

    it('makes six-digit cast codes that expire, controls the screen, lists presets', async () => {
      const owner = await kit.signUp();
      // Multi-screen casting is SVIP's (features §6).
      await grantToUserId(kit.app.db, kit.clock, owner.user.id, SVIP, 30);
      const { data: meeting } = await kit.post('/speech/meeting/create', owner, { recognitionLanguages: ['en-US'], translationLanguages: ['es-ES'] });
      const screen = await kit.post('/speech/meeting/createScreenCode', owner, { meetingId: meeting.id });
      expect(screen.data.code).toMatch(/^\d{6}$/);
      expect(screen.data).toMatchObject({ meetingId: meeting.id, url: `/cast/${screen.data.code}` });
      const link = await kit.get('/speech/meeting/getNetworkLink', null, { shortCode: screen.data.shortCode });
      expect(link.code).toBe(401);
      const guest = await visitor();
      expect((await kit.get('/speech/meeting/getNetworkLink', guest, { shortCode: screen.data.shortCode })).data.code).toBe(screen.data.code);
      expect((await kit.get('/speech/meeting/getNetworkLink', guest, { shortCode: screen.data.code })).data.shortCode).toBe(screen.data.shortCode);
      expect((await kit.get('/speech/meeting/getNetworkLink', guest, { shortCode: 'nope' })).code).toBe(404);

      const presets = await kit.get('/speech/meeting/getScreenPresets', owner, {}, 'zh-CN');
      expect(presets.data.map((p: any) => p.id)).toEqual(['classic', 'large', 'light']);
      expect(presets.data[1].name).toBe('大字号');
      expect((await kit.post('/speech/meeting/screenOperation', owner, { meetingId: meeting.id, action: 'connect', code: screen.data.code, presetId: 'large' })).code).toBe(200);
      expect((await kit.post('/speech/meeting/screenOperation', owner, { meetingId: meeting.id, action: 'connect', code: '000000' === screen.data.code ? '000001' : '000000' })).code).toBe(404);
      expect((await kit.post('/speech/meeting/screenOperation', owner, { meetingId: meeting.id, action: 'connect', code: '12345' })).code).toBe(400);

      kit.clock.advanceSeconds(CAST_CODE_TTL_SECONDS + 1);
      expect((await kit.get('/speech/meeting/getNetworkLink', guest, { shortCode: screen.data.shortCode }, 'en-US')).msg).toBe('The cast code has expired');
      expect((await kit.post('/speech/meeting/screenOperation', owner, { meetingId: meeting.id, action: 'disconnect', code: screen.data.code })).code).toBe(410);
    });

    it('answers the meeting entitlement check from the tier rules: the trial covers 2 languages, not 3', async () => {
      const owner = await kit.signUp();
      const answer = await kit.post('/expense/cost/meetingRightsJudge', owner, { recognitionLanguages: ['en-US'], translationLanguages: ['es-ES'] });
      expect(answer).toMatchObject({ code: 200, data: { enough: true, cost: 0, balance: 30 * 60 } });
      const three = await kit.post('/expense/cost/meetingRightsJudge', owner, { recognitionLanguages: langs(3), translationLanguages: ['es-ES'] });
      expect(three).toMatchObject({ code: 200, data: { enough: false } });
    });
  });
});
