// The two-user matrix: user B tries every record and folder call on user A's ids and gets the same
// translated 'not found' a missing id gets (never 'forbidden'), and A's data is unchanged after.
import { describe, expect, it } from 'vitest';
import { useRecordsTestApp, type TestUser } from '../testing/records-test-kit';
import { databaseVariants } from '../testing/database-variants';

const variants = await databaseVariants();

describe.each(variants)('two users on $name', (variant) => {
  const kit = useRecordsTestApp(variant);

  async function snapshot(owner: TestUser) {
    const db = kit.app.db;
    const records = await db.selectFrom('records').selectAll().where('user_id', '=', owner.user.id).orderBy('id').execute();
    const ids = records.map((r) => r.id);
    return {
      records,
      segments: await db.selectFrom('record_segments').selectAll().where('record_id', 'in', ids).orderBy('id').execute(),
      shares: await db.selectFrom('record_shares').selectAll().where('record_id', 'in', ids).orderBy('code').execute(),
      folders: await db.selectFrom('folders').selectAll().where('user_id', '=', owner.user.id).orderBy('id').execute(),
      defaultName: await db.selectFrom('default_folder_names').selectAll().where('user_id', '=', owner.user.id).execute(),
    };
  }

  describe.skipIf(variant.skipReason)('', () => {
    it("user B can neither read, change, move, export, copy, share nor delete user A's records or folders", async () => {
      const a = await kit.signUp('alice');
      const b = await kit.signUp('bob');
      const aFolder = (await kit.post('/speech/document/editFolder', a, { folderName: 'Alice folder' })).data;
      const aSub = (await kit.post('/speech/document/editFolder', a, { folderName: 'Alice sub', parentId: aFolder.id })).data;
      const aRecord = await kit.seedRecord(a, { showName: 'Alice record', folderId: aFolder.id });
      const bFolder = (await kit.post('/speech/document/editFolder', b, { folderName: 'Bob folder' })).data;
      const bRecord = await kit.seedRecord(b, { showName: 'Bob record' });
      const before = await snapshot(a);

      const recordNotFound = { code: 404, msg: 'The record does not exist' };
      const folderNotFound = { code: 404, msg: 'The folder does not exist' };
      type Attempt = [string, () => Promise<{ code: number | undefined; msg: string | undefined }>, object];
      const exportAs = async (idStr: string) => {
        const response = await kit.app.inject({
          method: 'GET',
          url: `/prod-api/speech/audio/transcribe/export?idStr=${encodeURIComponent(idStr)}&type=txt`,
          headers: { authorization: `Bearer ${b.token}` },
        });
        return JSON.parse(response.body);
      };
      const attempts: Attempt[] = [
        ['read record', () => kit.get('/speech/audio/transcribe/getTrans', b, { id: aRecord }), recordNotFound],
        ['read lines', () => kit.get('/speech/audio/transcribe/getTransResult', b, { id: aRecord }), recordNotFound],
        ['read share status', () => kit.get('/speech/audio/transcribe/getTransShareStatus', b, { id: aRecord }), recordNotFound],
        ['list A folder', () => kit.get('/speech/audio/transcribe/query', b, { folderId: aFolder.id }), folderNotFound],
        ['rename record', () => kit.post('/speech/audio/transcribe/edit', b, { id: aRecord, showName: 'mine now' }), recordNotFound],
        ['favourite record', () => kit.post('/speech/audio/transcribe/edit', b, { id: aRecord, favorite: true }), recordNotFound],
        ['move record to own folder', () => kit.post('/speech/audio/transcribe/edit', b, { id: aRecord, folderId: bFolder.id }), recordNotFound],
        ['move own record to A folder', () => kit.post('/speech/audio/transcribe/edit', b, { id: bRecord, folderId: aFolder.id }), folderNotFound],
        ['share record', () => kit.post('/speech/audio/transcribe/edit', b, { id: aRecord, shareStatus: '1', copyStatus: '1' }), recordNotFound],
        ['edit lines', () => kit.post('/speech/audio/transcribe/editDetails', b, { id: aRecord, lines: [] }), recordNotFound],
        ['copy record', () => kit.post('/speech/audio/transcribe/copyReplica', b, { id: aRecord }), recordNotFound],
        ['copy own record into A folder', () => kit.post('/speech/audio/transcribe/copyReplica', b, { id: bRecord, folderId: aFolder.id }), folderNotFound],
        ['export record', () => exportAs(aRecord), recordNotFound],
        ['export with own record', () => exportAs(`${bRecord},${aRecord}`), recordNotFound],
        ['delete record', () => kit.post('/speech/audio/transcribe/remove', b, { ids: [aRecord] }), recordNotFound],
        ['delete with own record', () => kit.post('/speech/audio/transcribe/remove', b, { ids: [bRecord, aRecord] }), recordNotFound],
        ['rename folder', () => kit.post('/speech/document/editFolder', b, { id: aFolder.id, folderName: 'mine' }), folderNotFound],
        ['move A folder', () => kit.post('/speech/document/editFolder', b, { id: aSub.id, folderName: 'Alice sub', parentId: '0' }), folderNotFound],
        ['create in A folder', () => kit.post('/speech/document/editFolder', b, { folderName: 'intruder', parentId: aFolder.id }), folderNotFound],
        ['move own folder into A', () => kit.post('/speech/document/editFolder', b, { id: bFolder.id, folderName: 'Bob folder', parentId: aFolder.id }), folderNotFound],
        ['delete folder', () => kit.post('/speech/document/removeFolder', b, { id: aFolder.id }), folderNotFound],
      ];
      for (const [label, attempt, expected] of attempts) {
        expect(await attempt(), label).toMatchObject(expected);
      }
      // The same answers as for ids that exist nowhere, so B learns nothing by probing.
      expect(await kit.get('/speech/audio/transcribe/getTrans', b, { id: 'no-such-record' })).toMatchObject(recordNotFound);
      expect(await kit.post('/speech/document/removeFolder', b, { id: 'no-such-folder' })).toMatchObject(folderNotFound);

      // B's own views never show A's data.
      const bList = await kit.get('/speech/audio/transcribe/query', b, {});
      expect(bList.data.rows.map((r: any) => r.id)).toEqual([bRecord]);
      const bTree = await kit.get('/speech/document/folder', b);
      expect(JSON.stringify(bTree.data)).not.toContain(aFolder.id);
      expect((await kit.get('/speech/audio/transcribe/getLatestTrans', b)).data.id).toBe(bRecord);
      // B renaming their own default folder touches nothing of A's.
      await kit.post('/speech/document/editFolder', b, { id: '1', folderName: 'Bob inbox' });

      expect(await snapshot(a)).toEqual(before);
      expect((await kit.get('/speech/audio/transcribe/getTrans', a, { id: aRecord })).data.showName).toBe('Alice record');
    });
  });
});
