// The list's performance guarantees: page queries read an index in the requested order (SQLite
// query plans), and the trigger-kept totals agree with real counts after every kind of change
// (both databases).
import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { databaseVariants } from '../../testing/database-variants';
import { listRecords, recordPageQueries, type RecordListQuery } from './record-list';
import { useRecordsTestApp } from '../../testing/records-test-kit';

const variants = await databaseVariants();

describe.each(variants)('record list on $name', (variant) => {
  const kit = useRecordsTestApp(variant);

  describe.skipIf(variant.skipReason)('', () => {
    it.runIf(variant.name === 'sqlite')('reads page 1 from an index in every order, without sorting in memory', async () => {
      const owner = await kit.signUp();
      const folder = await kit.post('/speech/document/editFolder', owner, { folderName: 'F' });
      const file = kit.app.services.config.database;
      if (file.kind !== 'sqlite') throw new Error('sqlite expected');
      const raw = new SQLite(file.file, { readonly: true });
      try {
        const queries: RecordListQuery[] = [];
        for (const orderByColumn of ['create_time', 'update_time', 'show_name'] as const) {
          for (const isAsc of ['ascending', 'descending'] as const) queries.push({ orderByColumn, isAsc, pageSize: 20 });
        }
        queries.push({ folderId: folder.data.id, pageSize: 20 }, { folderId: '1', pageSize: 20 }, { favorite: '1', pageSize: 20 });
        queries.push({ beginTime: '2025-01-01', endTime: '2025-02-01', pageSize: 20 });
        for (const query of queries) {
          const compiled = recordPageQueries(kit.app.db, kit.clock, owner.user.id, query).rows.compile();
          const plan = raw
            .prepare(`explain query plan ${compiled.sql}`)
            .all(...(compiled.parameters as unknown[]))
            .map((step) => (step as { detail: string }).detail)
            .join(' | ');
          expect(plan, JSON.stringify(query)).toMatch(/USING (COVERING )?INDEX records_user_/);
          expect(plan, JSON.stringify(query)).not.toMatch(/TEMP B-TREE|SCAN records(?! USING)/);
        }
      } finally {
        raw.close();
      }
    });

    it('keeps totals equal to real counts through create, move, favourite, copy, folder delete and delete', async () => {
      const owner = await kit.signUp();
      const reader = await kit.signUp('reader');
      const folder = (await kit.post('/speech/document/editFolder', owner, { folderName: 'F' })).data;
      const ids: string[] = [];
      for (let i = 0; i < 6; i++) ids.push(await kit.seedRecord(owner, { showName: `r${i}`, favorite: i % 2 === 0, folderId: i < 3 ? folder.id : null }));
      await kit.post('/speech/audio/transcribe/edit', owner, { id: ids[3], folderId: folder.id, favorite: true });
      await kit.post('/speech/audio/transcribe/edit', owner, { id: ids[0], folderId: '1', favorite: false });
      const share = await kit.post('/speech/audio/transcribe/edit', owner, { id: ids[1], shareStatus: '1', copyStatus: '1' });
      await kit.post('/speech/audio/transcribe/copyReplica', reader, { id: ids[1], shareCode: share.data.shareCode });
      await kit.post('/speech/audio/transcribe/remove', owner, { ids: [ids[5]] });

      const check = async (userId: string, folderIds: string[]) => {
        for (const folderId of [undefined, '1', ...folderIds]) {
          for (const favorite of [undefined, '0', '1'] as const) {
            const query: RecordListQuery = { folderId, favorite, pageSize: 100 };
            const page = await listRecords(kit.app.db, kit.clock, userId, query);
            const counted = await recordPageQueries(kit.app.db, kit.clock, userId, query).count.executeTakeFirstOrThrow();
            expect(page.total, JSON.stringify(query)).toBe(Number(counted.total));
            expect(page.rows.length, JSON.stringify(query)).toBe(page.total);
          }
        }
      };
      await check(owner.user.id, [folder.id]);
      await check(reader.user.id, []);
      await kit.post('/speech/document/removeFolder', owner, { id: folder.id });
      await check(owner.user.id, []);
      expect((await listRecords(kit.app.db, kit.clock, owner.user.id, {})).total).toBe(5);
      expect((await listRecords(kit.app.db, kit.clock, owner.user.id, { folderId: '1', favorite: '1' })).total).toBe(3);
    });
  });
});
