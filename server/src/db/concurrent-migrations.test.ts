// Server test files run on two workers, each PostgreSQL file in a fresh schema of the one test
// database: a migration must depend on nothing but its own schema, whatever the neighbours hold or
// drop meanwhile. Before the introspection was confined to the own schema, a migration whose schema
// came from search_path alone (DATABASE_URL's options, as a deployed server or the crash-recovery
// and scale-out rigs start) took a neighbour's bookkeeping tables for its own and failed with
// `relation "kysely_migration_lock" does not exist`.
import { sql, type Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresSchema, postgresUnavailable, TEST_POSTGRES_URL } from '../testing/test-config';
import { createDatabase } from './dialect';
import { migrateToLatest } from './migrate';
import type { Database } from './schema';

const pgProblem = await postgresUnavailable();
const drops: Array<() => Promise<void>> = [];

/** A fresh schema and a database handle on it: named in the configuration, or only in the URL. */
async function freshDatabase(how: 'named' | 'url'): Promise<{ schema: string; db: Kysely<Database>; drop(): Promise<void> }> {
  const { schema, drop } = await createPostgresSchema();
  drops.push(drop);
  const db =
    how === 'named'
      ? createDatabase({ kind: 'postgres', url: TEST_POSTGRES_URL, schema })
      : createDatabase({ kind: 'postgres', url: `${TEST_POSTGRES_URL}?options=${encodeURIComponent(`-c search_path=${schema}`)}` });
  return { schema, db, drop };
}

async function migrateAndProbe(how: 'named' | 'url'): Promise<string[]> {
  const { schema, db } = await freshDatabase(how);
  try {
    await migrateToLatest(db, how === 'named' ? schema : undefined);
    await db.selectFrom('verification_codes').select('id').execute();
    const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
    return [...new Set(tables.map((t) => t.schema))].concat(tables.some((t) => t.name === 'kysely_migration') ? ['bookkeeping'] : []);
  } finally {
    await db.destroy();
  }
}

describe.skipIf(pgProblem)('migrations of fresh schemas side by side in one PostgreSQL database', () => {
  afterAll(async () => {
    for (const drop of drops) await drop();
  });

  it('each migrates its own schema while a neighbour is migrated, holds its tables, and is dropped', async () => {
    // The neighbour: another worker's file, already migrated.
    const neighbour = await freshDatabase('named');
    await migrateToLatest(neighbour.db, neighbour.schema);
    await neighbour.db.destroy();
    // A second neighbour that is dropped (its file's cleanup) while the fresh schemas migrate.
    const leaving = await freshDatabase('named');
    await migrateToLatest(leaving.db, leaving.schema);
    await leaving.db.destroy();

    const [fromUrl, alsoFromUrl, named] = await Promise.all([migrateAndProbe('url'), migrateAndProbe('url'), migrateAndProbe('named'), leaving.drop()]);
    for (const seen of [fromUrl, alsoFromUrl, named]) {
      // Its introspection saw one schema (its own) and found its own bookkeeping there.
      expect(seen).toHaveLength(2);
      expect(seen[0]).toMatch(/^parley_test_/);
      expect(seen[1]).toBe('bookkeeping');
    }
    expect(new Set([fromUrl[0], alsoFromUrl[0], named[0]]).size).toBe(3);
  });

  it('sees only its own schema when asked which tables exist', async () => {
    const { schema, db } = await freshDatabase('url');
    try {
      await migrateToLatest(db);
      const tables = await db.introspection.getTables();
      expect(new Set(tables.map((t) => t.schema))).toEqual(new Set([schema]));
      expect(tables.map((t) => t.name)).toContain('verification_codes');
      expect(tables.map((t) => t.name)).not.toContain('kysely_migration');
      const codes = tables.find((t) => t.name === 'verification_codes')!;
      expect(codes.columns.find((c) => c.name === 'attempts')).toMatchObject({ dataType: 'int4', isNullable: false, hasDefaultValue: true });
      const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
      expect(rows[0]?.schema).toBe(schema);
    } finally {
      await db.destroy();
    }
  });
});
