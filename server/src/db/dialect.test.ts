// The SQLite connection's settings: what the server's reads and writes rely on.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase } from './dialect';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

describe('createDatabase (SQLite)', () => {
  it('opens the file in WAL mode with the file mapped for reads, and reads and writes through the map', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-dialect-'));
    dirs.push(dir);
    const db = createDatabase({ kind: 'sqlite', file: path.join(dir, 'parley.db') });
    try {
      const pragma = async (name: string) => Object.values((await sql.raw(`pragma ${name}`).execute(db)).rows[0] as object)[0];
      expect(await pragma('journal_mode')).toBe('wal');
      expect(await pragma('mmap_size')).toBe(0x7fff0000);
      expect(await pragma('foreign_keys')).toBe(1);
      await sql`create table t (n integer primary key, text text)`.execute(db);
      await sql`with recursive k(i) as (select 1 union all select i + 1 from k where i < 5000) insert into t (text) select 'row ' || i from k`.execute(db);
      const { rows } = await sql<{ count: number; last: string }>`select count(*) as count, max(text) as last from t`.execute(db);
      expect(rows[0]).toEqual({ count: 5000, last: 'row 999' });
    } finally {
      await db.destroy();
    }
  });
});
