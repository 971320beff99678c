// The prepared statements handed to Kysely: one per text while it is free, a fresh one while it is
// still being iterated, the least recently used dropped past the capacity.
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { withStatementCache } from './statement-cache';

let sqlite: SQLite.Database;
afterEach(() => sqlite?.open && sqlite.close());

function database() {
  sqlite = new SQLite(':memory:');
  sqlite.exec('create table t (n integer)');
  sqlite.exec('insert into t values (1), (2), (3)');
  return sqlite;
}

describe('withStatementCache', () => {
  it('hands out the same prepared statement for the same text, with its results', () => {
    const cached = withStatementCache(database());
    const first = cached.prepare('select n from t order by n');
    expect(cached.prepare('select n from t order by n')).toBe(first);
    expect(cached.prepare('select n from t order by n').all([])).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    expect(cached.prepare('select n from t where n > ?').all([1])).toEqual([{ n: 2 }, { n: 3 }]);
    expect(cached.prepare('select n from t where n > ?').all([2])).toEqual([{ n: 3 }]);
  });

  it('gives a statement still being iterated a second one of its own', () => {
    const cached = withStatementCache(database());
    const iterating = cached.prepare('select n from t order by n');
    const rows = iterating.iterate([]);
    expect(rows.next().value).toEqual({ n: 1 });
    const second = cached.prepare('select n from t order by n');
    expect(second).not.toBe(iterating);
    expect(second.all([])).toHaveLength(3);
    expect([...rows]).toEqual([{ n: 2 }, { n: 3 }]);
    expect(cached.prepare('select n from t order by n')).toBe(iterating);
  });

  it('keeps at most its capacity, dropping the least recently used', () => {
    const cached = withStatementCache(database(), 2);
    const one = cached.prepare('select 1');
    const two = cached.prepare('select 2');
    expect(cached.prepare('select 1')).toBe(one);
    cached.prepare('select 3');
    expect(cached.prepare('select 1')).toBe(one);
    expect(cached.prepare('select 2')).not.toBe(two);
  });

  it('closes the database', () => {
    const cached = withStatementCache(database());
    cached.close();
    expect(sqlite.open).toBe(false);
  });
});
