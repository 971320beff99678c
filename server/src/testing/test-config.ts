// Configurations for tests: a temp DATA_DIR with SQLite, or a fresh PostgreSQL schema that is
// dropped afterwards. Tests call these rather than reading the process environment.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig, type ServerConfig } from '../config';

export const TEST_POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export function tempDataDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'parley-test-'));
}

export function sqliteTestConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  const dataDir = overrides.dataDir ?? tempDataDir();
  return {
    ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, WEB_DIR: path.join(dataDir, 'no-web-build') }),
    ...overrides,
  };
}

/** Resolves to an error message when PostgreSQL cannot be reached, null when it can. */
export async function postgresUnavailable(url = TEST_POSTGRES_URL): Promise<string | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** A fresh schema used through search_path; drop() removes it with everything in it. */
export async function createPostgresSchema(url = TEST_POSTGRES_URL): Promise<{ schema: string; drop(): Promise<void> }> {
  const schema = `parley_test_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`create schema ${schema}`);
  await client.end();
  return {
    schema,
    async drop() {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop schema if exists ${schema} cascade`);
      await c.end();
    },
  };
}

export function postgresTestConfig(schema: string, overrides: Partial<ServerConfig> = {}): ServerConfig {
  return {
    ...sqliteTestConfig(),
    database: { kind: 'postgres', url: TEST_POSTGRES_URL, schema },
    ...overrides,
  };
}
