// Kysely's PostgreSQL introspection lists the tables of every schema in the database, and for each
// column resolves its table again by name (pg_get_serial_sequence). The Migrator asks it whether its
// bookkeeping tables exist before every run, so a migration depended on what other installations in
// the same database (parallel test workers, each in a fresh schema) held, or were dropping, at that
// moment: without a named schema it took another schema's bookkeeping tables for its own, and a
// schema dropped mid-query can make the name lookup fail. This introspector sees only the
// connection's own schema (current_schema(), set by search_path) and looks tables up by OID.
// Kysely's migration lock is one advisory lock for the whole database, so every installation's
// migration waited for every other's (test files on two workers, other runs sharing the test
// database): a start could outwait Fastify's plugin timeout. The lock here is per schema: two
// instances of one installation still migrate one after the other, other schemas go their way.
import { DEFAULT_MIGRATION_LOCK_TABLE, DEFAULT_MIGRATION_TABLE, PostgresAdapter, PostgresDialect, sql } from 'kysely';
import type { ColumnMetadata, DatabaseIntrospector, DatabaseMetadata, DatabaseMetadataOptions, DialectAdapter, Kysely, MigrationLockOptions, SchemaMetadata, TableMetadata } from 'kysely';

/** The first key of the two-key advisory lock (the second is the schema's hash): "PARL". */
const MIGRATION_LOCK_CLASS = 0x5041524c;

interface ColumnRow {
  schema: string;
  table: string;
  relkind: string;
  column: string;
  data_type: string;
  data_type_schema: string;
  not_null: boolean;
  has_default: boolean;
  auto_incrementing: boolean;
  comment: string | null;
}

export class OwnSchemaIntrospector implements DatabaseIntrospector {
  constructor(private readonly db: Kysely<unknown>) {}

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<SchemaMetadata>`select nspname as name from pg_catalog.pg_namespace`.execute(this.db);
    return rows;
  }

  async getTables(options: DatabaseMetadataOptions = { withInternalKyselyTables: false }): Promise<TableMetadata[]> {
    const { rows } = await sql<ColumnRow>`
      select ns.nspname as schema, c.relname as table, c.relkind, a.attname as column,
        typ.typname as data_type, tns.nspname as data_type_schema, a.attnotnull as not_null,
        a.atthasdef as has_default,
        (a.attidentity <> '' or coalesce(pg_get_expr(d.adbin, d.adrelid) like 'nextval(%', false)) as auto_incrementing,
        col_description(c.oid, a.attnum) as comment
      from pg_catalog.pg_class c
      join pg_catalog.pg_namespace ns on ns.oid = c.relnamespace
      join pg_catalog.pg_attribute a on a.attrelid = c.oid
      join pg_catalog.pg_type typ on typ.oid = a.atttypid
      join pg_catalog.pg_namespace tns on tns.oid = typ.typnamespace
      left join pg_catalog.pg_attrdef d on d.adrelid = c.oid and d.adnum = a.attnum
      where ns.nspname = current_schema() and c.relkind in ('r', 'v', 'p') and a.attnum > 0 and not a.attisdropped
      order by c.relname, a.attnum`.execute(this.db);
    const internal = new Set([DEFAULT_MIGRATION_TABLE, DEFAULT_MIGRATION_LOCK_TABLE]);
    const tables = new Map<string, { name: string; schema: string; isView: boolean; columns: ColumnMetadata[] }>();
    for (const row of rows) {
      if (!options.withInternalKyselyTables && internal.has(row.table)) continue;
      let table = tables.get(row.table);
      if (!table) {
        table = { name: row.table, schema: row.schema, isView: row.relkind === 'v', columns: [] };
        tables.set(row.table, table);
      }
      table.columns.push({
        name: row.column,
        dataType: row.data_type,
        dataTypeSchema: row.data_type_schema,
        isNullable: !row.not_null,
        hasDefaultValue: row.has_default,
        isAutoIncrementing: row.auto_incrementing,
        ...(row.comment ? { comment: row.comment } : {}),
      });
    }
    return [...tables.values()];
  }

  async getMetadata(options?: DatabaseMetadataOptions): Promise<DatabaseMetadata> {
    return { tables: await this.getTables(options) };
  }
}

/** Kysely's PostgreSQL adapter with the migration lock taken per schema instead of per database. */
export class OwnSchemaPostgresAdapter extends PostgresAdapter {
  override async acquireMigrationLock(db: Kysely<unknown>, options: MigrationLockOptions): Promise<void> {
    await sql`select pg_advisory_lock(${sql.lit(MIGRATION_LOCK_CLASS)}, hashtext(${lockedSchema(options)}))`.execute(db);
  }

  override async releaseMigrationLock(db: Kysely<unknown>, options: MigrationLockOptions): Promise<void> {
    await sql`select pg_advisory_unlock(${sql.lit(MIGRATION_LOCK_CLASS)}, hashtext(${lockedSchema(options)}))`.execute(db);
  }
}

const lockedSchema = (options: MigrationLockOptions) => (options.lockTableSchema ? sql`${options.lockTableSchema}` : sql`current_schema()`);

/** PostgreSQL as Kysely speaks it, with the introspection and the migration lock confined to the own schema. */
export class OwnSchemaPostgresDialect extends PostgresDialect {
  override createAdapter(): DialectAdapter {
    return new OwnSchemaPostgresAdapter();
  }

  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new OwnSchemaIntrospector(db);
  }
}
