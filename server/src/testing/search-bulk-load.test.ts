// The benchmark's bulk index fill must leave the database as the 0009_search triggers do: the same
// entry rows and the same index content (every term with its row and offset), with the triggers back
// in place afterwards. (FTS5's segment layout differs: it flushes its pending terms at the end of
// every statement, so row-by-row triggers write many small segments that its automerge then folds
// together, the bulk fill fewer larger ones; search-bulk-load.ts says by how much.)
import fs from 'node:fs';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { systemClock } from '../clock';
import { registerSearchText } from '../db/dialect';
import { createUser } from '../domain/session/users';
import { loadWithSearchIndexDeferred } from './search-bulk-load';
import { sqliteTestConfig } from './test-config';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** A migrated database with two users, opened raw with the search function registered. */
async function freshDatabase(): Promise<{ raw: SQLite.Database; users: [string, string] }> {
  const config = sqliteTestConfig({ logLevel: 'silent' });
  dirs.push(config.dataDir);
  if (config.database.kind !== 'sqlite') throw new Error('sqlite expected');
  const app = await buildApp(config);
  const first = await createUser(app.db, systemClock, { kind: 'email', value: 'first@bulk.test' }, 'secret123');
  const second = await createUser(app.db, systemClock, { kind: 'email', value: 'second@bulk.test' }, 'secret123');
  await app.close();
  const raw = new SQLite(config.database.file);
  registerSearchText(raw);
  return { raw, users: [first.id, second.id] };
}

const TEXTS = ['Budget review for Marketing', '我们明天下午开会讨论预算。', 'Zoom会议link at 10', 'Café déjà vu', '', '會議記錄 and more words here'];

/** Records each followed by its lines, as the upload pipeline writes them; `from` keeps ids apart. */
function insertRecords(raw: SQLite.Database, users: [string, string], from: number, count: number): void {
  const record = raw.prepare(`insert into records (id, user_id, show_name, kind, state, favorite, created_at, updated_at)
    values (?, ?, ?, 'upload', 'transcription_completed', 0, ?, ?)`);
  const line = raw.prepare('insert into record_segments (id, record_id, position, start_ms, end_ms, text) values (?, ?, ?, ?, ?, ?)');
  for (let r = from; r < from + count; r++) {
    const at = new Date(Date.UTC(2024, 0, 1) + r * 60_000).toISOString();
    record.run(`r${r}`, users[r % 2], `Meeting ${TEXTS[r % TEXTS.length]} ${r}`, at, at);
    for (let l = 0; l < r % 4; l++) line.run(`s${r}-${l}`, `r${r}`, l, l * 1000, l * 1000 + 900, TEXTS[(r + l) % TEXTS.length]);
  }
}

/** Everything the search reads; users are named by their place (each database made its own ids). */
function snapshot({ raw, users }: { raw: SQLite.Database; users: [string, string] }) {
  raw.exec('create virtual table if not exists temp.terms using fts5vocab(main, search_index, instance)');
  const entries = raw.prepare('select entry, user_id, record_id, segment_id from search_entries order by entry').all() as Array<{ user_id: string }>;
  return {
    entries: entries.map((entry) => ({ ...entry, user_id: users.indexOf(entry.user_id) })),
    // Owner tokens are the users' ids in hex, named by place here, then put in one order again.
    terms: (raw.prepare('select term, doc, col, offset from temp.terms').all() as Array<{ term: string; doc: number; col: string; offset: number }>)
      .map((row) => (row.col === 'owner' ? { ...row, term: `user ${users.findIndex((id) => Buffer.from(id).toString('hex') === row.term)}` } : row))
      .sort((a, b) => a.col.localeCompare(b.col) || (a.term < b.term ? -1 : a.term > b.term ? 1 : 0) || a.doc - b.doc || a.offset - b.offset),
    words: raw.prepare('select word from search_words order by word').all(),
    triggers: raw.prepare(`select name, sql from sqlite_master where type = 'trigger' order by name`).all(),
  };
}

describe('loadWithSearchIndexDeferred', () => {
  it('leaves the same entries, index terms and triggers as the per-row triggers', async () => {
    const byTriggers = await freshDatabase();
    const byBulk = await freshDatabase();
    // Rows already there before the bulk load must be neither indexed twice nor renumbered.
    for (const { raw, users } of [byTriggers, byBulk]) insertRecords(raw, users, 0, 7);

    byTriggers.raw.transaction(() => insertRecords(byTriggers.raw, byTriggers.users, 7, 300))();
    loadWithSearchIndexDeferred(byBulk.raw, () => insertRecords(byBulk.raw, byBulk.users, 7, 300));

    const expected = snapshot(byTriggers);
    expect(expected.terms.length).toBeGreaterThan(1000);
    expect(new Set(expected.terms.filter((row) => row.col === 'owner').map((row) => row.term))).toEqual(new Set(['user 0', 'user 1']));
    expect(snapshot(byBulk)).toEqual(expected);

    // The triggers are live again: a later write is indexed by them in both databases alike.
    for (const { raw, users } of [byTriggers, byBulk]) insertRecords(raw, users, 307, 3);
    expect(snapshot(byBulk)).toEqual(snapshot(byTriggers));
    const found = byBulk.raw
      .prepare(`select e.record_id from search_index s join search_entries e on e.entry = s.rowid where search_index match '"307"'`)
      .all();
    expect(found).toEqual([{ record_id: 'r307' }]);
    byTriggers.raw.close();
    byBulk.raw.close();
  });
});
