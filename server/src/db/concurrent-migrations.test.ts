// Server test files run on two workers, each PostgreSQL file in a fresh schema of the one test
// database: a migration must depend on nothing but its own schema, whatever the neighbours hold or
// drop meanwhile. Before the introspection was confined to the own schema, a migration whose schema
// came from search_path alone (DATABASE_URL's options, as a deployed server or the crash-recovery
// and scale-out rigs start) took a neighbour's bookkeeping tables for its own and failed with
// `relation "kysely_migration_lock" does not exist`, and one neighbour dropped mid-introspection failed
// any migration (`schema "…" does not exist`). And Kysely's migration lock was one for the database,
// so each start waited for every other schema's migration, past Fastify's plugin timeout under load.
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
    return [...new Set(tables.map((t) => t.schema ?? '(none)'))].concat(tables.some((t) => t.name === 'kysely_migration') ? ['bookkeeping'] : []);
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

  it("waits for another instance's migration of its own schema, never for a neighbour's", async () => {
    const neighbour = await freshDatabase('named');
    const own = await freshDatabase('url');
    // The lock as a migration takes it (the dialect's own adapter).
    const adapter = neighbour.db.getExecutor().adapter;
    // Migrations of the neighbour's schema waiting for its lock (a two-key advisory lock keyed by the schema).
    const waiting = async () => {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_locks
        where locktype = 'advisory' and not granted and objsubid = 2 and objid::bigint = (hashtext(${neighbour.schema})::bigint & 4294967295)`.execute(neighbour.db);
      return rows[0]!.n;
    };
    try {
      // A neighbour mid-migration holds its lock: this schema migrates all the same.
      await neighbour.db.connection().execute(async (held) => {
        await adapter.acquireMigrationLock(held, { lockTable: 'kysely_migration_lock', lockRowId: 'migration_lock', lockTableSchema: neighbour.schema });
        try {
          await migrateToLatest(own.db);
        } finally {
          await adapter.releaseMigrationLock(held, { lockTable: 'kysely_migration_lock', lockRowId: 'migration_lock', lockTableSchema: neighbour.schema });
        }
      });
      // Another instance of the neighbour's installation holds it: its migration waits until released.
      await neighbour.db.connection().execute(async (held) => {
        await adapter.acquireMigrationLock(held, { lockTable: 'kysely_migration_lock', lockRowId: 'migration_lock', lockTableSchema: neighbour.schema });
        let finished = false;
        const migrating = migrateToLatest(neighbour.db, neighbour.schema).then(() => {
          finished = true;
        });
        try {
          await expect.poll(waiting, { timeout: 20_000 }).toBeGreaterThan(0);
          expect(finished).toBe(false);
        } finally {
          await adapter.releaseMigrationLock(held, { lockTable: 'kysely_migration_lock', lockRowId: 'migration_lock', lockTableSchema: neighbour.schema });
        }
        await migrating;
      });
      await neighbour.db.selectFrom('verification_codes').select('id').execute();
    } finally {
      await own.db.destroy();
      await neighbour.db.destroy();
    }
  }, 60_000);
});
