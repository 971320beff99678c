// Record calls on SQLite and PostgreSQL: listing (order, filters, paging), edit rules, batch delete,
// sharing (create, read by code, revoke, expire, copy), export, latest record and line edits.
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { RECORD_TITLE_MAX } from '../../../src/shared/contract/limits';
import { useRecordsTestApp, type TestUser } from '../testing/records-test-kit';
import { databaseVariants } from '../testing/database-variants';

const variants = await databaseVariants();

describe.each(variants)('records on $name', (variant) => {
  const kit = useRecordsTestApp(variant);
  const { clock } = kit;

  async function rowOf(id: string) {
    return kit.app.db.selectFrom('records').selectAll().where('id', '=', id).executeTakeFirst();
  }

  describe.skipIf(variant.skipReason)('', () => {
    it('lists page by page in every order, with total', async () => {
      const owner = await kit.signUp();
      const names = ['banana', 'Apple', 'cherry', 'date', 'elder'];
      const ids: string[] = [];
      for (const name of names) {
        clock.advanceSeconds(60);
        ids.push(await kit.seedRecord(owner, { showName: name }));
      }
      // Modification order differs from creation order: touch the first record last.
      clock.advanceSeconds(60);
      expect((await kit.post('/speech/audio/transcribe/edit', owner, { id: ids[0], showName: 'banana split' })).code).toBe(200);

      const page1 = await kit.get('/speech/audio/transcribe/query', owner, { pageNum: 1, pageSize: 2 });
      expect(page1.code).toBe(200);
      expect(page1.data.total).toBe(5);
      expect(page1.data.rows.map((r: any) => r.showName)).toEqual(['elder', 'date']);
      const page3 = await kit.get('/speech/audio/transcribe/query', owner, { pageNum: 3, pageSize: 2 });
      expect(page3.data.rows.map((r: any) => r.showName)).toEqual(['banana split']);

      const asc = await kit.get('/speech/audio/transcribe/query', owner, { isAsc: 'ascending', orderByColumn: 'create_time' });
      expect(asc.data.rows.map((r: any) => r.id)).toEqual(ids);
      const updated = await kit.get('/speech/audio/transcribe/query', owner, { orderByColumn: 'update_time', pageSize: 1 });
      expect(updated.data.rows[0].id).toBe(ids[0]);
      const byName = await kit.get('/speech/audio/transcribe/query', owner, { orderByColumn: 'show_name', isAsc: 'ascending' });
      expect(byName.data.rows.map((r: any) => r.showName)).toEqual([...byName.data.rows.map((r: any) => r.showName)].sort());
      expect(byName.data.rows).toHaveLength(5);

      const row = page1.data.rows[0];
      expect(row).toMatchObject({
        state: 'transcription_completed',
        languages: ['en-US'],
        targetLanguages: ['es-ES'],
        folderId: '1',
        folderName: 'Default folder',
        favorite: false,
        shareStatus: '0',
        recordType: 'upload',
      });
      const zh = await kit.get('/speech/audio/transcribe/query', owner, { pageSize: 1 }, 'zh-CN');
      expect(zh.data.rows[0].folderName).toBe('默认文件夹');
    });

    it('filters by name, date range, folder and favourite', async () => {
      const owner = await kit.signUp();
      clock.advanceSeconds(3 * 24 * 3600);
      const day = clock.now().toISOString().slice(0, 10);
      const early = await kit.seedRecord(owner, { showName: '50%_off sale', createdAt: new Date(`${day}T00:00:00.000Z`) });
      const late = await kit.seedRecord(owner, { showName: 'Other talk', createdAt: new Date(`${day}T23:59:59.000Z`) });
      const before = await kit.seedRecord(owner, { showName: 'yesterday', createdAt: new Date(Date.parse(`${day}T00:00:00.000Z`) - 1000) });
      const ids = (r: any) => r.data.rows.map((x: any) => x.id).sort();

      expect(ids(await kit.get('/speech/audio/transcribe/query', owner, { showName: '%_o' }))).toEqual([early]);
      expect(ids(await kit.get('/speech/audio/transcribe/query', owner, { showName: 'TALK' }))).toEqual([late]);
      expect(ids(await kit.get('/speech/audio/transcribe/query', owner, { beginTime: day, endTime: day }))).toEqual([early, late].sort());
      expect(ids(await kit.get('/speech/audio/transcribe/query', owner, { endTime: `${day}T00:00:00Z` }))).toEqual([early, before].sort());

      const folder = await kit.post('/speech/document/editFolder', owner, { folderName: 'Talks' });
      await kit.post('/speech/audio/transcribe/edit', owner, { id: late, folderId: folder.data.id, favorite: true });
      expect(ids(await kit.get('/speech/audio/transcribe/query', owner, { folderId: folder.data.id }))).toEqual([late]);
      expect(ids(await kit.get('/speech/audio/transcribe/query', owner, { folderId: '1' }))).toEqual([early, before].sort());
      expect(ids(await kit.get('/speech/audio/transcribe/query', owner, { favorite: '1' }))).toEqual([late]);
      const inFolder = await kit.get('/speech/audio/transcribe/query', owner, { folderId: folder.data.id });
      expect(inFolder.data.rows[0]).toMatchObject({ folderName: 'Talks', favorite: true });

      const badDay = await kit.get('/speech/audio/transcribe/query', owner, { beginTime: '2025-02-31' });
      expect(badDay).toMatchObject({ code: 400, msg: 'The date 2025-02-31 is not valid' });
      const badFormat = await kit.get('/speech/audio/transcribe/query', owner, { beginTime: 'yesterday' });
      expect(badFormat.status).toBe(400);
    });

    it('refuses negative, zero and huge page sizes and pages with a clear 400', async () => {
      const owner = await kit.signUp();
      for (const query of [{ pageSize: -1 }, { pageSize: 0 }, { pageSize: 101 }, { pageSize: 1e9 }, { pageNum: 0 }, { pageNum: -5 }, { pageSize: 'ten' }]) {
        const answer = await kit.get('/speech/audio/transcribe/query', owner, query as any);
        expect(answer.status, JSON.stringify(query)).toBe(400);
        expect(answer.msg).toMatch(/pageSize|pageNum/);
      }
      const ok = await kit.get('/speech/audio/transcribe/query', owner, { pageSize: 100 });
      expect(ok.code).toBe(200);
      const zh = await kit.get('/speech/audio/transcribe/query', owner, { pageSize: 101 }, 'zh-CN');
      expect(zh.msg).not.toMatch(/must be/);
    });

    it('renames with the title rules and changes nothing on bad input', async () => {
      const owner = await kit.signUp();
      const id = await kit.seedRecord(owner, { showName: 'Original' });
      const before = await rowOf(id);
      const bad: Array<[unknown, number, RegExp]> = [
        ['   ', 200, /^Record title cannot be empty$/],
        ['', 200, /^Record title cannot be empty$/],
        ['x'.repeat(RECORD_TITLE_MAX + 1), 400, /showName/],
        ['line\nbreak', 200, /control characters/],
        ['tab\there', 200, /control characters/],
      ];
      for (const [showName, status, msg] of bad) {
        const answer = await kit.post('/speech/audio/transcribe/edit', owner, { id, showName });
        expect(answer.status).toBe(status);
        expect(answer.code).toBe(400);
        expect(answer.msg).toMatch(msg);
      }
      expect(await rowOf(id)).toEqual(before);

      const zh = await kit.post('/speech/audio/transcribe/edit', owner, { id, showName: ' ' }, 'zh-TW');
      expect(zh.msg).toBe('記錄標題不能為空');

      clock.advanceSeconds(5);
      const html = '<b onmouseover="x()">Bold</b> & "quotes"';
      const renamed = await kit.post('/speech/audio/transcribe/edit', owner, { id, showName: `  ${html}  ` });
      expect(renamed.data.showName).toBe(html);
      expect((await rowOf(id))?.show_name).toBe(html);
      expect((await rowOf(id))?.updated_at).toBe(clock.now().toISOString());
      const longest = 'é'.repeat(RECORD_TITLE_MAX);
      expect((await kit.post('/speech/audio/transcribe/edit', owner, { id, showName: longest })).data.showName).toBe(longest);
    });

    it('moves between folders and favourites; a refused move leaves the record alone', async () => {
      const owner = await kit.signUp();
      const id = await kit.seedRecord(owner);
      const folder = await kit.post('/speech/document/editFolder', owner, { folderName: 'Projects' });
      const moved = await kit.post('/speech/audio/transcribe/edit', owner, { id, folderId: folder.data.id, favorite: true });
      expect(moved.data).toMatchObject({ folderId: folder.data.id, folderName: 'Projects', favorite: true });
      const before = await rowOf(id);
      const missing = await kit.post('/speech/audio/transcribe/edit', owner, { id, folderId: 'no-such-folder', favorite: false, showName: 'Changed' });
      expect(missing).toMatchObject({ code: 404, msg: 'The folder does not exist' });
      expect(await rowOf(id)).toEqual(before);
      const back = await kit.post('/speech/audio/transcribe/edit', owner, { id, folderId: '1', favorite: false });
      expect(back.data).toMatchObject({ folderId: '1', favorite: false });
      expect((await rowOf(id))?.folder_id).toBeNull();
    });

    it('deletes in batches, all or nothing', async () => {
      const owner = await kit.signUp();
      const other = await kit.signUp('other');
      const mine = [await kit.seedRecord(owner), await kit.seedRecord(owner)];
      const theirs = await kit.seedRecord(other);
      const mixed = await kit.post('/speech/audio/transcribe/remove', owner, { ids: [...mine, theirs] });
      expect(mixed).toMatchObject({ code: 404, msg: 'The record does not exist' });
      const unknown = await kit.post('/speech/audio/transcribe/remove', owner, { ids: [mine[0], 'missing-id'] });
      expect(unknown.code).toBe(404);
      for (const id of [...mine, theirs]) expect(await rowOf(id)).toBeDefined();

      const removed = await kit.post('/speech/audio/transcribe/remove', owner, { ids: [...mine, mine[0]] });
      expect(removed.code).toBe(200);
      for (const id of mine) expect(await rowOf(id)).toBeUndefined();
      const segments = await kit.app.db.selectFrom('record_segments').select('id').where('record_id', 'in', mine).execute();
      expect(segments).toEqual([]);
      expect(await rowOf(theirs)).toBeDefined();
      expect((await kit.post('/speech/audio/transcribe/remove', owner, { ids: [] })).status).toBe(400);
    });

    it('shares by link: read without an account, copy only when allowed, revoke, expire', async () => {
      const owner = await kit.signUp('owner');
      const reader = await kit.signUp('reader');
      const visitor = await kit.post('/auth/visitorlogin', null, {});
      const guest: TestUser = { user: null as never, token: visitor.data.token };
      const id = await kit.seedRecord(owner, { showName: 'Shared talk' });

      const shared = await kit.post('/speech/audio/transcribe/edit', owner, { id, shareStatus: '1', copyStatus: '0' });
      expect(shared.data).toMatchObject({ shareStatus: '1', copyStatus: '0', shareExpireTime: null });
      const code = shared.data.shareCode as string;
      expect(code).toMatch(/^[A-Za-z0-9_-]{32}$/);

      const noCode = await kit.get('/speech/audio/transcribe/getTrans', guest, { id });
      expect(noCode).toMatchObject({ code: 404, msg: 'The record does not exist' });
      const read = await kit.get('/speech/audio/transcribe/getTrans', guest, { id, shareCode: code });
      expect(read.data).toMatchObject({ id, showName: 'Shared talk', shareStatus: '1', shareCode: null, folderId: null, favorite: false });
      const lines = await kit.get('/speech/audio/transcribe/getTransResult', guest, { id, shareCode: code });
      expect(lines.data.lines.map((l: any) => l.text)).toEqual(['Hello there.', 'Hi Ann.']);
      // Issue 9: what a share holder reads carries no internal id of the owner.
      for (const answer of [read, lines]) expect(JSON.stringify(answer.data)).not.toContain(owner.user.id);
      expect((await kit.get('/speech/audio/transcribe/getTransShareStatus', guest, { id, shareCode: code })).data).toEqual({ shareStatus: '1', copyStatus: '0' });
      const wrongRecord = await kit.get('/speech/audio/transcribe/getTrans', guest, { id: await kit.seedRecord(owner), shareCode: code });
      expect(wrongRecord.code).toBe(404);

      const refusedCopy = await kit.post('/speech/audio/transcribe/copyReplica', reader, { id, shareCode: code });
      expect(refusedCopy).toMatchObject({ code: 403, msg: 'The owner of this record does not allow copies' });
      const guestCopy = await kit.post('/speech/audio/transcribe/copyReplica', guest, { id, shareCode: code });
      expect(guestCopy.status).toBe(401);

      // Sharing again keeps the code, so links already sent keep working.
      const allowCopy = await kit.post('/speech/audio/transcribe/edit', owner, { id, copyStatus: '1' });
      expect(allowCopy.data).toMatchObject({ shareCode: code, copyStatus: '1' });
      const readerFolder = await kit.post('/speech/document/editFolder', reader, { folderName: 'From others' });
      const copy = await kit.post('/speech/audio/transcribe/copyReplica', reader, { id, shareCode: code, folderId: readerFolder.data.id });
      expect(copy.data).toMatchObject({ showName: 'Shared talk', folderId: readerFolder.data.id, shareStatus: '0' });
      expect(copy.data.id).not.toBe(id);
      const copiedLines = await kit.get('/speech/audio/transcribe/getTransResult', reader, { id: copy.data.id });
      expect(copiedLines.data.lines.map((l: any) => [l.text, l.translation, l.speaker])).toEqual([
        ['Hello there.', 'Hola.', 'Ann'],
        ['Hi Ann.', 'Hola Ann.', 'Bob'],
      ]);
      const ownerCannotSeeCopy = await kit.get('/speech/audio/transcribe/getTrans', owner, { id: copy.data.id });
      expect(ownerCannotSeeCopy.code).toBe(404);

      const sharesList = await kit.get('/speech/audio/transcribe/query', owner, { shareStatus: '1' });
      expect(sharesList.data.rows.map((r: any) => r.id)).toEqual([id]);

      const revoked = await kit.post('/speech/audio/transcribe/edit', owner, { id, shareStatus: '0' });
      expect(revoked.data).toMatchObject({ shareStatus: '0', shareCode: null });
      for (const path of ['getTrans', 'getTransResult', 'getTransShareStatus']) {
        const answer = await kit.get(`/speech/audio/transcribe/${path}`, guest, { id, shareCode: code });
        expect(answer).toMatchObject({ code: 410, msg: 'The share link has expired' });
      }
      expect((await kit.get('/speech/audio/transcribe/getTrans', guest, { id, shareCode: code }, 'zh-CN')).msg).toBe('分享链接已失效');
      expect((await kit.get('/speech/audio/transcribe/query', owner, { shareStatus: '1' })).data.total).toBe(0);
      expect((await kit.post('/speech/audio/transcribe/edit', owner, { id, copyStatus: '1' }))).toMatchObject({ code: 400, msg: 'This record is not shared' });

      const expiring = await kit.post('/speech/audio/transcribe/edit', owner, {
        id,
        shareStatus: '1',
        shareExpireTime: new Date(clock.now().getTime() + 3600_000).toISOString(),
      });
      const newCode = expiring.data.shareCode;
      expect(newCode).not.toBe(code);
      expect((await kit.get('/speech/audio/transcribe/getTrans', guest, { id, shareCode: newCode })).code).toBe(200);
      clock.advanceSeconds(3601);
      expect((await kit.get('/speech/audio/transcribe/getTrans', guest, { id, shareCode: newCode })).code).toBe(410);
      expect((await kit.get('/speech/audio/transcribe/getTransShareStatus', owner, { id })).data).toEqual({ shareStatus: '0', copyStatus: '0' });

      const past = await kit.post('/speech/audio/transcribe/edit', owner, { id, shareStatus: '1', shareExpireTime: '2000-01-01T00:00:00Z' });
      expect(past).toMatchObject({ code: 400, msg: 'The expiry time of a share link must be in the future' });
    });

    it('exports TXT, SRT, VTT and DOCX, several records as a zip, to the owner or the share holder', async () => {
      const owner = await kit.signUp();
      const reader = await kit.signUp('reader');
      const a = await kit.seedRecord(owner, { showName: 'Talk A' });
      const b = await kit.seedRecord(owner, { showName: 'Talk B' });
      const exportUrl = (query: Record<string, string>) => `/prod-api/speech/audio/transcribe/export?${new URLSearchParams(query)}`;
      const fetchAs = (who: TestUser, query: Record<string, string>) =>
        kit.app.inject({ method: 'GET', url: exportUrl(query), headers: { authorization: `Bearer ${who.token}` } });

      const srt = await fetchAs(owner, { idStr: a, type: 'srt', msgType: 'bilingual', speaker: '1' });
      expect(srt.statusCode).toBe(200);
      expect(srt.headers['content-type']).toContain('application/x-subrip');
      expect(srt.headers['content-disposition']).toContain('Talk A.srt');
      // Touching lines are kept two frames (80 ms) apart in a subtitle file (exports/cue-timing.ts).
      expect(srt.body).toBe('1\n00:00:00,000 --> 00:00:01,420\nAnn: Hello there.\nHola.\n\n2\n00:00:01,500 --> 00:00:03,000\nBob: Hi Ann.\nHola Ann.\n');
      const txt = await fetchAs(owner, { idStr: a, type: 'txt', msgType: 'translation', speaker: '0' });
      expect(txt.body).toContain('Hola Ann.');
      expect(txt.body).not.toContain('Hi Ann.');
      const vtt = await fetchAs(owner, { idStr: a, type: 'vtt' });
      expect(vtt.body.startsWith('WEBVTT')).toBe(true);
      const docx = await fetchAs(owner, { idStr: a });
      expect(docx.rawPayload.subarray(0, 2).toString()).toBe('PK');

      const zip = await fetchAs(owner, { idStr: `${a},${b}`, type: 'txt' });
      expect(zip.headers['content-type']).toBe('application/zip');
      const archive = await JSZip.loadAsync(zip.rawPayload);
      expect(Object.keys(archive.files).sort()).toEqual(['Talk A.txt', 'Talk B.txt']);

      const foreign = await fetchAs(reader, { idStr: a, type: 'txt' });
      expect(JSON.parse(foreign.body)).toMatchObject({ code: 404 });
      const mixed = await fetchAs(owner, { idStr: `${a},${await kit.seedRecord(reader)}`, type: 'txt' });
      expect(JSON.parse(mixed.body)).toMatchObject({ code: 404 });

      const share = await kit.post('/speech/audio/transcribe/edit', owner, { id: a, shareStatus: '1' });
      const shared = await fetchAs(reader, { idStr: a, type: 'txt', shareCode: share.data.shareCode });
      expect(shared.body).toContain('Hello there.');
      const sharedPlusOther = await fetchAs(reader, { idStr: `${a},${b}`, type: 'txt', shareCode: share.data.shareCode });
      expect(JSON.parse(sharedPlusOther.body)).toMatchObject({ code: 404 });
    });

    it('answers the latest record and saves edited lines', async () => {
      const owner = await kit.signUp();
      expect((await kit.get('/speech/audio/transcribe/getLatestTrans', owner)).data).toBeNull();
      await kit.seedRecord(owner, { showName: 'first' });
      clock.advanceSeconds(1);
      const latestId = await kit.seedRecord(owner, { showName: 'second', state: 'transcribing' });
      const latest = await kit.get('/speech/audio/transcribe/getLatestTrans', owner);
      expect(latest.data).toMatchObject({ id: latestId, state: 'transcribing' });

      const before = await kit.get('/speech/audio/transcribe/getTransResult', owner, { id: latestId });
      const [first] = before.data.lines;
      const saved = await kit.post('/speech/audio/transcribe/editDetails', owner, {
        id: latestId,
        lines: [
          { id: first.id, startMs: 0, endMs: 900, text: 'Edited', speaker: 'Ann' },
          { startMs: 900, endMs: 2000, text: 'New line', translation: 'Nueva' },
        ],
      });
      expect(saved.code).toBe(200);
      const after = await kit.get('/speech/audio/transcribe/getTransResult', owner, { id: latestId });
      expect(after.data.lines.map((l: any) => l.text)).toEqual(['Edited', 'New line']);
      expect(after.data.lines[0].id).toBe(first.id);
      const backwards = await kit.post('/speech/audio/transcribe/editDetails', owner, { id: latestId, lines: [{ startMs: 500, endMs: 100, text: 'x' }] });
      expect(backwards).toMatchObject({ code: 400, msg: 'Line 1 ends before it starts' });
      expect((await kit.get('/speech/audio/transcribe/getTransResult', owner, { id: latestId })).data.lines).toHaveLength(2);
    });
  });
});
