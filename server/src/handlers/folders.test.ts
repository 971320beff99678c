// Folder rules of platform §5 on SQLite and PostgreSQL: names, duplicates, depth, rename, move,
// delete (records to the default folder, in one transaction), and the default folder's protection.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { FOLDER_NAME_MAX } from '../../../src/shared/contract/limits';
import { useRecordsTestApp, type TestUser } from '../testing/records-test-kit';
import { databaseVariants } from '../testing/database-variants';
import { takeAnswerViolations } from '../testing/answer-contract';

const variants = await databaseVariants();

describe.each(variants)('folders on $name', (variant) => {
  const kit = useRecordsTestApp(variant);

  const create = (who: TestUser, folderName: string, parentId?: string) =>
    kit.post('/speech/document/editFolder', who, parentId ? { folderName, parentId } : { folderName });
  const tree = async (who: TestUser) => (await kit.get('/speech/document/folder', who)).data;
  const folderRows = (who: TestUser) =>
    kit.app.db.selectFrom('folders').selectAll().where('user_id', '=', who.user.id).orderBy('id').execute();

  describe.skipIf(variant.skipReason)('', () => {
    it('shows the default folder first, translated, without a delete', async () => {
      const owner = await kit.signUp();
      expect(await tree(owner)).toEqual([{ id: '1', name: 'Default folder', parentId: '0', ancestors: '0', isDefault: true, children: [] }]);
      expect((await kit.get('/speech/document/folder', owner, {}, 'zh-TW')).data[0].name).toBe('預設資料夾');
      const removed = await kit.post('/speech/document/removeFolder', owner, { id: '1' });
      expect(removed).toMatchObject({ code: 400, msg: 'The default folder cannot be deleted' });
      expect((await kit.post('/speech/document/editFolder', owner, { id: '1', folderName: '  ' })).msg).toBe('Please enter the folder name');
      const renamed = await kit.post('/speech/document/editFolder', owner, { id: '1', folderName: ' Inbox ' });
      expect(renamed.data).toMatchObject({ id: '1', name: 'Inbox', isDefault: true });
      expect((await tree(owner))[0].name).toBe('Inbox');
      expect((await create(owner, 'Child', '1'))).toMatchObject({ code: 400, msg: 'The default folder cannot have sub-folders' });
      expect((await kit.post('/speech/document/editFolder', owner, { id: '1', folderName: 'x', parentId: 'abc' })).code).toBe(400);
    });

    it('validates names, stores HTML as text, and changes nothing on bad input', async () => {
      const owner = await kit.signUp();
      const cases: Array<[string, number, string | RegExp]> = [
        ['   ', 200, 'Please enter the folder name'],
        ['', 200, 'Please enter the folder name'],
        ['x'.repeat(FOLDER_NAME_MAX + 1), 400, /folderName.*250/],
        ['bell\u0007', 200, /control characters/],
        ['two\nlines', 200, /control characters/],
      ];
      for (const [folderName, status, msg] of cases) {
        const answer = await create(owner, folderName);
        expect(answer.status).toBe(status);
        expect(answer.code).toBe(400);
        expect(answer.msg).toMatch(msg);
      }
      expect((await create(owner, ' ', undefined)).code).toBe(400);
      expect(await folderRows(owner)).toEqual([]);
      expect((await kit.post('/speech/document/editFolder', owner, { folderName: ' ' }, 'zh-CN')).msg).toBe('请输入文件夹名称');

      const html = '<script>alert(1)</script>';
      const stored = await create(owner, `  ${html} `);
      expect(stored.data.name).toBe(html);
      const longest = 'ü'.repeat(FOLDER_NAME_MAX);
      expect((await create(owner, longest)).data.name).toBe(longest);
      const renameBad = await kit.post('/speech/document/editFolder', owner, { id: stored.data.id, folderName: '\t' });
      expect(renameBad.code).toBe(400);
      expect((await folderRows(owner)).find((f) => f.id === stored.data.id)?.name).toBe(html);
    });

    it('suffixes duplicates among siblings with (1), (2)… and keeps 250 characters', async () => {
      const owner = await kit.signUp();
      expect((await create(owner, 'Work')).data.name).toBe('Work');
      expect((await create(owner, 'Work')).data.name).toBe('Work (1)');
      expect((await create(owner, ' Work ')).data.name).toBe('Work (2)');
      const parent = await create(owner, 'Parent');
      expect((await create(owner, 'Work', parent.data.id)).data.name).toBe('Work');
      const long = 'L'.repeat(FOLDER_NAME_MAX);
      await create(owner, long);
      const suffixed = (await create(owner, long)).data.name as string;
      expect(suffixed).toBe(`${'L'.repeat(FOLDER_NAME_MAX - 4)} (1)`);
      const other = await create(owner, 'Other');
      expect((await kit.post('/speech/document/editFolder', owner, { id: other.data.id, folderName: 'Work' })).data.name).toBe('Work (3)');
      expect((await kit.post('/speech/document/editFolder', owner, { id: other.data.id, folderName: 'Work (3)' })).data.name).toBe('Work (3)');
    });

    it('nests three levels deep and refuses the fourth', async () => {
      const owner = await kit.signUp();
      const one = await create(owner, 'One');
      const two = await create(owner, 'Two', one.data.id);
      const three = await create(owner, 'Three', two.data.id);
      expect(one.data.ancestors).toBe('0');
      expect(two.data.ancestors).toBe(`0,${one.data.id}`);
      expect(three.data.ancestors).toBe(`0,${one.data.id},${two.data.id}`);
      const four = await create(owner, 'Four', three.data.id);
      expect(four).toMatchObject({ code: 400, msg: 'Folders can be nested at most 3 levels deep' });
      expect((await kit.post('/speech/document/editFolder', owner, { folderName: 'Four', parentId: three.data.id }, 'zh-CN')).msg).toBe(
        '文件夹最多嵌套 3 层',
      );
      expect(await folderRows(owner)).toHaveLength(3);
      const roots = await tree(owner);
      expect(roots[1]).toMatchObject({ id: one.data.id, children: [{ id: two.data.id, children: [{ id: three.data.id, children: [] }] }] });
    });

    it('moves folders with their branch, never into themselves or too deep', async () => {
      const owner = await kit.signUp();
      const a = (await create(owner, 'A')).data;
      const b = (await create(owner, 'B', a.id)).data;
      const c = (await create(owner, 'C', b.id)).data;
      const x = (await create(owner, 'X')).data;
      const before = await folderRows(owner);

      const intoSelf = await kit.post('/speech/document/editFolder', owner, { id: a.id, folderName: 'A', parentId: a.id });
      expect(intoSelf).toMatchObject({ code: 400, msg: 'A folder cannot be moved into itself or one of its sub-folders' });
      const intoDescendant = await kit.post('/speech/document/editFolder', owner, { id: a.id, folderName: 'A', parentId: c.id });
      expect(intoDescendant.msg).toBe('A folder cannot be moved into itself or one of its sub-folders');
      // A under X would put C four levels deep.
      const tooDeep = await kit.post('/speech/document/editFolder', owner, { id: a.id, folderName: 'A', parentId: x.id });
      expect(tooDeep.msg).toBe('Folders can be nested at most 3 levels deep');
      const missingParent = await kit.post('/speech/document/editFolder', owner, { id: a.id, folderName: 'A', parentId: 'nope' });
      expect(missingParent).toMatchObject({ code: 404, msg: 'The folder does not exist' });
      expect(await folderRows(owner)).toEqual(before);

      const moved = await kit.post('/speech/document/editFolder', owner, { id: b.id, folderName: 'B', parentId: x.id });
      expect(moved.data).toMatchObject({ parentId: x.id, ancestors: `0,${x.id}`, children: [{ id: c.id, ancestors: `0,${x.id},${b.id}` }] });
      const toTop = await kit.post('/speech/document/editFolder', owner, { id: b.id, folderName: 'B renamed', parentId: '0' });
      expect(toTop.data).toMatchObject({ name: 'B renamed', parentId: '0', ancestors: '0', children: [{ id: c.id, ancestors: `0,${b.id}` }] });
      const rows = await folderRows(owner);
      expect(rows.find((f) => f.id === c.id)?.ancestors).toBe(`0,${b.id}`);
      expect(rows.find((f) => f.id === b.id)?.parent_id).toBeNull();
    });

    it('deletes a folder with its sub-folders and moves their records to the default folder atomically', async () => {
      const owner = await kit.signUp();
      const top = (await create(owner, 'Top')).data;
      const sub = (await create(owner, 'Sub', top.id)).data;
      const keep = (await create(owner, 'Keep')).data;
      const inTop = await kit.seedRecord(owner, { folderId: top.id });
      const inSub = await kit.seedRecord(owner, { folderId: sub.id });
      const inKeep = await kit.seedRecord(owner, { folderId: keep.id });

      const removed = await kit.post('/speech/document/removeFolder', owner, { id: top.id });
      expect(removed.code).toBe(200);
      expect(removed.data).toEqual({ removedFolderIds: [top.id, sub.id], movedRecordCount: 2, movedToFolderId: '1' });
      expect((await folderRows(owner)).map((f) => f.id)).toEqual([keep.id]);
      const records = await kit.app.db.selectFrom('records').select(['id', 'folder_id']).where('user_id', '=', owner.user.id).execute();
      expect(Object.fromEntries(records.map((r) => [r.id, r.folder_id]))).toEqual({ [inTop]: null, [inSub]: null, [inKeep]: keep.id });
      const defaultList = await kit.get('/speech/audio/transcribe/query', owner, { folderId: '1' });
      expect(defaultList.data.rows.map((r: any) => r.id).sort()).toEqual([inTop, inSub].sort());
      expect((await kit.post('/speech/document/removeFolder', owner, { id: top.id })).code).toBe(404);
    });

    it('rolls a failed deletion back completely: records stay where they were', async () => {
      const owner = await kit.signUp();
      const top = (await create(owner, 'Explodes on delete')).data;
      const recordId = await kit.seedRecord(owner, { folderId: top.id });
      // A trigger makes the folder delete fail after the records were already moved.
      if (variant.name === 'sqlite') {
        await sql`create trigger refuse_folder_delete before delete on folders when old.name = 'Explodes on delete'
          begin select raise(abort, 'simulated failure'); end`.execute(kit.app.db);
      } else {
        await sql`create function refuse_folder_delete() returns trigger language plpgsql as $$
          begin if old.name = 'Explodes on delete' then raise exception 'simulated failure'; end if; return old; end $$`.execute(kit.app.db);
        await sql`create trigger refuse_folder_delete before delete on folders for each row execute function refuse_folder_delete()`.execute(kit.app.db);
      }
      try {
        const failed = await kit.post('/speech/document/removeFolder', owner, { id: top.id });
        expect(failed.code).toBe(500);
        // The 500 is provoked on purpose and no operation declares one: taken off the contract check.
        expect(takeAnswerViolations()).toEqual(['foldersRemoveFolder answered HTTP 500, which the contract does not declare']);
        const row = await kit.app.db.selectFrom('records').select('folder_id').where('id', '=', recordId).executeTakeFirstOrThrow();
        expect(row.folder_id).toBe(top.id);
        expect((await folderRows(owner)).map((f) => f.id)).toEqual([top.id]);
      } finally {
        await sql`drop trigger refuse_folder_delete${sql.raw(variant.name === 'sqlite' ? '' : ' on folders')}`.execute(kit.app.db);
      }
    });
  });
});
