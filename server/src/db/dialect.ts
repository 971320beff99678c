// Chooses the Kysely dialect from the configuration: an SQLite file by default, PostgreSQL when
// DATABASE_URL points at one.
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { createRequire } from 'node:module';
import type pgModule from 'pg';
import { Kysely, SqliteDialect } from 'kysely';
import type { DatabaseConfig } from '../config';
import { OwnSchemaPostgresDialect } from './own-schema-introspector';
import type { Database } from './schema';
import { SEARCH_TEXT_FUNCTION, searchText } from './search-text';
import { withStatementCache } from './statement-cache';

export function createDatabase(config: DatabaseConfig): Kysely<Database> {
  if (config.kind === 'sqlite') {
    fs.mkdirSync(path.dirname(config.file), { recursive: true });
    const sqlite = new SQLite(config.file);
    // WAL lets readers proceed while one request writes; busy_timeout rides out short write locks.
    sqlite.pragma('journal_mode = WAL');
    // In WAL mode NORMAL syncs at checkpoints, not at every commit: a crash of the server loses
    // nothing and the file cannot be corrupted; only a power cut or an OS crash can roll back the
    // last commits before it (together, in order). FULL's sync per commit cost ~0.3 ms a write, more
    // than most writes themselves (bench/payments.bench.ts). SQLite's own advice for WAL.
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('busy_timeout = 5000');
    sqlite.pragma('foreign_keys = ON');
    registerSearchText(sqlite);
    return new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  }
  // pg is required only for PostgreSQL, so an SQLite server does not load it at start.
  const pg = createRequire(import.meta.url)('pg') as typeof pgModule;
  const pool = new pg.Pool({
    connectionString: config.url,
    // A schema other than public keeps test runs (and side-by-side installs) apart.
    ...(config.schema ? { options: `-c search_path=${config.schema}` } : {}),
  });
  // Its introspection (the Migrator's check for its bookkeeping tables) sees only this schema.
  return new Kysely<Database>({ dialect: new OwnSchemaPostgresDialect({ pool }) });
}

/**
 * The search index triggers (0009_search) call this on every write of a record name or line, so
 * every connection that writes records needs it: SQLite has no way to bigram text in SQL alone.
 */
export function registerSearchText(sqlite: SQLite.Database): void {
  sqlite.function(SEARCH_TEXT_FUNCTION, { deterministic: true }, (text: unknown) => searchText(typeof text === 'string' ? text : null));
}
