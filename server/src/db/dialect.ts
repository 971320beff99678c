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

/** SQLite's own upper bound in this build (MAX_MMAP_SIZE): a larger file is mapped up to it, read beyond. */
const MMAP_BYTES = 0x7fff0000;

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
    // Reads straight from the file's pages, mapped, instead of a read() call each: the page cache
    // (16 MB) holds the hot tables, but a search walks doclist pages of an index that is most of the
    // file, and on a large one each search made 25–250 reads (bench/search.bench.ts, 5,000,000 lines:
    // 2 with the map). Writes still go through write(); the map only costs address space.
    sqlite.pragma(`mmap_size = ${MMAP_BYTES}`);
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
