// Kysely's SQLite driver prepares every statement it runs, and preparing (parsing and planning the
// SQL) costs as much as running most of them: 50–300 µs a statement on a warm server, more than the
// write it prepares. The app sends the same few hundred statement texts over and over, so the
// database handed to Kysely keeps the prepared statements by text and hands them out again.
import type SQLite from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** Distinct statement texts kept (least recently used go first): every query the app has, with room. */
export const CACHED_STATEMENTS = 1_000;

export function withStatementCache(sqlite: SQLite.Database, capacity = CACHED_STATEMENTS): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => {
      statements.clear();
      sqlite.close();
    },
    prepare(sql: string): SqliteStatement {
      const kept = statements.get(sql);
      // A statement still being iterated (a streamed query) cannot run again until it ends: a
      // second user of the same text gets a statement of its own.
      if (kept && !kept.busy) {
        statements.delete(sql);
        statements.set(sql, kept);
        return kept;
      }
      const statement = sqlite.prepare(sql);
      if (!kept) {
        statements.set(sql, statement);
        if (statements.size > capacity) statements.delete(statements.keys().next().value!);
      }
      return statement;
    },
  };
}
