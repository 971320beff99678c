// The databases the server tests run on: SQLite in a temp dir always, PostgreSQL in a fresh
// schema when the test server is reachable (skipped with a printed reason otherwise).
import fs from 'node:fs';
import type { ServerConfig } from '../config';
import { createPostgresSchema, postgresTestConfig, postgresUnavailable, sqliteTestConfig, TEST_POSTGRES_URL } from './test-config';

export interface DatabaseVariant {
  name: string;
  skipReason: string | null;
  create(overrides?: Partial<ServerConfig>): Promise<{ config: ServerConfig; cleanup(): Promise<void> }>;
}

export async function databaseVariants(): Promise<DatabaseVariant[]> {
  const pgProblem = await postgresUnavailable();
  if (pgProblem) console.warn(`PostgreSQL variant skipped: ${TEST_POSTGRES_URL} is unreachable (${pgProblem})`);
  return [
    {
      name: 'sqlite',
      skipReason: null,
      async create(overrides) {
        const config = sqliteTestConfig(overrides);
        return { config, cleanup: async () => fs.rmSync(config.dataDir, { recursive: true, force: true }) };
      },
    },
    {
      name: 'postgres',
      skipReason: pgProblem,
      async create(overrides) {
        const { schema, drop } = await createPostgresSchema();
        const config = postgresTestConfig(schema, overrides);
        return {
          config,
          cleanup: async () => {
            await drop();
            fs.rmSync(config.dataDir, { recursive: true, force: true });
          },
        };
      },
    },
  ];
}
