// Records search (Issue 10 §9) on both databases: names and spoken words, Chinese bigrams, the index
// kept in step by every kind of write, the folder and favourite filters, paging, hostile input, and
// never another user's rows.
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { searchText } from '../db/search-text';
import { searchEntriesQuery } from '../domain/records/record-search';
import { useRecordsTestApp, type TestUser } from '../testing/records-test-kit';
import { databaseVariants } from '../testing/database-variants';

const variants = await databaseVariants();
const SEARCH = '/speech/audio/transcribe/search';

interface Hit {
  record: { id: string; showName: string; favorite: boolean };
  line: { id: string; index: number; startMs: number; endMs: number; text: string } | null;
  marks: Array<{ start: number; end: number }>;
}

describe.each(variants)('records search on $name', (variant) => {
  const kit = useRecordsTestApp(variant);

  const search = async (who: TestUser, query: Record<string, string | number | undefined>) => {
    const answer = await kit.get(SEARCH, who, query);
    expect(answer.code, JSON.stringify(answer)).toBe(200);
    return answer.data as { rows: Hit[]; hasMore: boolean };
  };
  const marked = (text: string, marks: Hit['marks']) => marks.map(({ start, end }) => text.slice(start, end));

  describe.skipIf(variant.skipReason)('', () => {
    it('finds a spoken word with its line, time and marks, and a record by its name', async () => {
      const owner = await kit.signUp();
      const id = await kit.seedRecord(owner, {
        showName: 'Budget review',
        segments: [
          { startMs: 0, endMs: 2000, speaker: 'Ann', text: 'Good morning everyone.', translation: null },
          { startMs: 2000, endMs: 5000, speaker: 'Bob', text: 'The budget for Marketing grew.', translation: null },
          { startMs: 5000, endMs: 9000, speaker: 'Ann', text: 'Marketing asked for more.', translation: null },
        ],
      });
      const byWord = await search(owner, { q: 'market' });
      expect(byWord.rows.map((hit) => hit.line?.index)).toEqual([2, 1]);
      expect(byWord.rows[0]).toMatchObject({ record: { id }, line: { startMs: 5000, endMs: 9000, text: 'Marketing asked for more.' } });
      expect(marked(byWord.rows[0]!.line!.text, byWord.rows[0]!.marks)).toEqual(['Market']);

      const byName = await search(owner, { q: 'budget' });
      const nameHit = byName.rows.find((hit) => hit.line === null);
      expect(nameHit?.record.showName).toBe('Budget review');
      expect(marked('Budget review', nameHit!.marks)).toEqual(['Budget']);
      expect(byName.rows.find((hit) => hit.line)?.line?.text).toBe('The budget for Marketing grew.');

      // Every term must match; a word inside another word does not.
      expect((await search(owner, { q: 'budget grew' })).rows.map((hit) => hit.line?.index)).toEqual([1]);
      expect((await search(owner, { q: 'arketing' })).rows).toEqual([]);
    });

    it('finds Chinese by any run of two or more characters, and a lone character where a word starts', async () => {
      const owner = await kit.signUp();
      await kit.seedRecord(owner, {
        showName: '周会',
        segments: [
          { startMs: 0, endMs: 1000, speaker: null, text: '我们明天下午开会讨论预算。', translation: null },
          { startMs: 1000, endMs: 2000, speaker: null, text: '會議記錄在這裡', translation: null },
          { startMs: 2000, endMs: 3000, speaker: null, text: 'Zoom会议link', translation: null },
        ],
      });
      const lines = async (q: string) => (await search(owner, { q })).rows.filter((hit) => hit.line).map((hit) => hit.line!.index);
      expect(await lines('开会')).toEqual([0]);
      expect(await lines('下午开会讨论')).toEqual([0]);
      expect(await lines('會議')).toEqual([1]);
      expect(await lines('会议')).toEqual([2]);
      expect(await lines('zoom 会议')).toEqual([2]);
      expect(await lines('讨')).toEqual([0]);
      // Characters in the wrong order are not a match.
      expect(await lines('会开')).toEqual([]);
      const hit = (await search(owner, { q: '预算' })).rows[0]!;
      expect(marked(hit.line!.text, hit.marks)).toEqual(['预算']);
      expect((await search(owner, { q: '周会' })).rows.map((h) => h.line)).toEqual([null]);
    });

    it('keeps the index in step with transcript edits, renames, copies and deletes', async () => {
      const owner = await kit.signUp();
      const id = await kit.seedRecord(owner, { showName: 'Quarterly plan' });
      expect((await search(owner, { q: 'hello' })).rows).toHaveLength(1);

      const saved = await kit.post('/speech/audio/transcribe/editDetails', owner, {
        id,
        lines: [
          { startMs: 0, endMs: 1500, text: 'Greetings, colleagues.' },
          { startMs: 1500, endMs: 3000, text: 'Hi Ann.' },
          { startMs: 3000, endMs: 4000, text: 'Let us talk about pineapples.' },
        ],
      });
      expect(saved.code).toBe(200);
      expect((await search(owner, { q: 'hello' })).rows).toEqual([]);
      expect((await search(owner, { q: 'greetings' })).rows.map((hit) => hit.line?.index)).toEqual([0]);
      expect((await search(owner, { q: 'pineapple' })).rows.map((hit) => hit.line?.startMs)).toEqual([3000]);

      await kit.post('/speech/audio/transcribe/edit', owner, { id, showName: 'Annual roadmap' });
      expect((await search(owner, { q: 'quarterly' })).rows).toEqual([]);
      expect((await search(owner, { q: 'roadmap' })).rows.map((hit) => hit.record.id)).toEqual([id]);

      const copy = await kit.post('/speech/audio/transcribe/copyReplica', owner, { id });
      expect(copy.code).toBe(200);
      expect(new Set((await search(owner, { q: 'pineapple' })).rows.map((hit) => hit.record.id))).toEqual(new Set([id, copy.data.id]));

      await kit.post('/speech/audio/transcribe/remove', owner, { ids: [id, copy.data.id] });
      expect((await search(owner, { q: 'pineapple' })).rows).toEqual([]);
      expect((await search(owner, { q: 'roadmap' })).rows).toEqual([]);
      const leftovers = await sql<{ n: number | string }>`select count(*) as n from search_entries where record_id in (${id}, ${copy.data.id})`.execute(kit.app.db);
      expect(Number(leftovers.rows[0]!.n)).toBe(0);
    });

    it('filters by folder and favourite', async () => {
      const owner = await kit.signUp();
      const folder = (await kit.post('/speech/document/editFolder', owner, { folderName: 'Clients' })).data;
      const inFolder = await kit.seedRecord(owner, { showName: 'Acme call', folderId: folder.id, favorite: true });
      const inDefault = await kit.seedRecord(owner, { showName: 'Acme notes' });
      const ids = async (query: Record<string, string>) => (await search(owner, { q: 'acme', ...query })).rows.map((hit) => hit.record.id).sort();
      expect(await ids({})).toEqual([inFolder, inDefault].sort());
      expect(await ids({ folderId: folder.id })).toEqual([inFolder]);
      expect(await ids({ folderId: '1' })).toEqual([inDefault]);
      expect(await ids({ favorite: '1' })).toEqual([inFolder]);
      expect(await ids({ favorite: '0' })).toEqual([inDefault]);
    });

    it('pages newest first and says whether more follow', async () => {
      const owner = await kit.signUp();
      for (let i = 0; i < 5; i++) await kit.seedRecord(owner, { showName: `Standup ${i}`, segments: [] });
      const first = await search(owner, { q: 'standup', pageSize: 2 });
      const third = await search(owner, { q: 'standup', pageSize: 2, pageNum: 3 });
      expect(first.rows.map((hit) => hit.record.showName)).toEqual(['Standup 4', 'Standup 3']);
      expect(first.hasMore).toBe(true);
      expect(third.rows.map((hit) => hit.record.showName)).toEqual(['Standup 0']);
      expect(third.hasMore).toBe(false);
    });

    it("never answers another user's records, even with that user's folder id", async () => {
      const owner = await kit.signUp('owner');
      const stranger = await kit.signUp('stranger');
      const folder = (await kit.post('/speech/document/editFolder', owner, { folderName: 'Secret' })).data;
      await kit.seedRecord(owner, {
        showName: 'Confidential merger',
        folderId: folder.id,
        segments: [{ startMs: 0, endMs: 1000, speaker: null, text: 'The merger closes on Friday.', translation: null }],
      });
      // Even a share link does not put the record in the holder's search: search covers own records.
      await kit.post('/speech/audio/transcribe/edit', owner, { id: (await search(owner, { q: 'merger' })).rows[0]!.record.id, shareStatus: '1' });
      expect((await search(owner, { q: 'merger' })).rows.length).toBe(2);
      expect((await search(stranger, { q: 'merger' })).rows).toEqual([]);
      expect((await search(stranger, { q: 'confidential' })).rows).toEqual([]);
      expect((await kit.get(SEARCH, stranger, { q: 'merger', folderId: folder.id })).code).toBe(404);
      expect((await kit.get(SEARCH, null, { q: 'merger' })).code).toBe(401);
    });

    it('treats query syntax as plain text and refuses an empty or over-long query', async () => {
      const owner = await kit.signUp();
      await kit.seedRecord(owner, { showName: 'Syntax check' });
      for (const q of ['"', 'hello"* OR', 'NEAR(hello', "it's", '* - ^', '\\', "'); drop table records; --", '!:&|<->']) {
        const answer = await kit.get(SEARCH, owner, { q });
        expect(answer.code, q).toBe(200);
      }
      expect((await search(owner, { q: '"hello" OR' })).rows.map((hit) => hit.line?.text)).toEqual([]);
      expect((await search(owner, { q: '"hello"' })).rows.map((hit) => hit.line?.text)).toEqual(['Hello there.']);
      expect((await kit.get(SEARCH, owner, { q: '' })).code).toBe(400);
      expect((await kit.get(SEARCH, owner, { q: 'x'.repeat(101) })).code).toBe(400);
    });

    it.runIf(variant.name === 'postgres')('bigrams text in PostgreSQL exactly as the SQLite function does', async () => {
      const samples = ['开会时间到了', 'Zoom会议link', '會', 'plain words, only.', 'カタカナとひらがな', '한국어 문장', 'mixed 中文and English 字'];
      for (const text of samples) {
        const { rows } = await sql<{ v: string }>`select parley_search_text(${text}) as v`.execute(kit.app.db);
        expect(rows[0]!.v, text).toBe(searchText(text));
      }
    });

    it.runIf(variant.name === 'sqlite')('reads matches from the full-text index, newest first, without sorting', async () => {
      const owner = await kit.signUp();
      const file = kit.app.services.config.database;
      if (file.kind !== 'sqlite') throw new Error('sqlite expected');
      const raw = new SQLite(file.file, { readonly: true });
      try {
        for (const query of [{ q: 'hello' }, { q: '会议', folderId: '1', favorite: '1' as const }]) {
          const compiled = (await searchEntriesQuery(kit.app.db, owner.user.id, query)).statement.compile(kit.app.db);
          const plan = raw
            .prepare(`explain query plan ${compiled.sql}`)
            .all(...(compiled.parameters as unknown[]))
            .map((step) => (step as { detail: string }).detail)
            .join(' | ');
          expect(plan).toMatch(/SCAN s VIRTUAL TABLE INDEX/);
          expect(plan).toMatch(/SEARCH e USING INTEGER PRIMARY KEY/);
          expect(plan).not.toMatch(/TEMP B-TREE/);
          // The page's records and lines come in the same statement, each looked up by its key.
          expect(plan).toMatch(/SEARCH r USING INDEX sqlite_autoindex_records_1 \(id=\?\)/);
          expect(plan).toMatch(/SEARCH g USING INDEX sqlite_autoindex_record_segments_1 \(id=\?\) LEFT-JOIN/);
        }
      } finally {
        raw.close();
      }
    });

    it.runIf(variant.name === 'sqlite')('answers a one-word search in no more statements than a list page', async () => {
      const owner = await kit.signUp();
      await kit.seedRecord(owner, { showName: 'Weekly sync', segments: [{ startMs: 0, endMs: 1000, speaker: null, text: 'Hello marketing.', translation: null }] });
      // Every statement the server runs is prepared once (the SQLite driver keeps no statement cache).
      const prepare = SQLite.prototype.prepare;
      let statements = 0;
      SQLite.prototype.prepare = function (this: SQLite.Database, ...args: Parameters<typeof prepare>) {
        statements += 1;
        return prepare.apply(this, args);
      } as typeof prepare;
      try {
        await search(owner, { q: 'hello' });
        statements = 0;
        const list = await kit.get('/speech/audio/transcribe/query', owner, { pageNum: 1, pageSize: 20 });
        expect(list.code).toBe(200);
        const listStatements = statements;
        statements = 0;
        expect((await search(owner, { q: 'hello' })).rows).toHaveLength(1);
        expect(statements).toBeLessThanOrEqual(listStatements);
      } finally {
        SQLite.prototype.prepare = prepare;
      }
    });
  });
});
