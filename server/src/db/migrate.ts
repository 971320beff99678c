// Runs the migrations at start. The provider is a static list (not a folder scan) so the same
// migrations run under tsx, vitest and any bundler, on SQLite and PostgreSQL alike.
import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import * as m0001 from './migrations/0001_auth';
import * as m0002 from './migrations/0002_records';
import * as m0003 from './migrations/0003_record_counts';
import * as m0004 from './migrations/0004_uploads_jobs';
import * as m0005 from './migrations/0005_meetings';
import * as m0006 from './migrations/0006_transcript_extras';
import * as m0007 from './migrations/0007_vouchers';
import * as m0008 from './migrations/0008_stale_translations';
import * as m0009 from './migrations/0009_search';
import * as m0010 from './migrations/0010_meeting_invites';
import * as m0011 from './migrations/0011_entitlements';
import * as m0012 from './migrations/0012_search_owner_words';
import * as m0013 from './migrations/0013_payment_orders';
import * as m0014 from './migrations/0014_vocabulary';
import * as m0017 from './migrations/0017_user_identities';
import * as m0015 from './migrations/0015_vocabulary_in_force';
import * as m0018 from './migrations/0018_dub_files';
import * as m0019 from './migrations/0019_dub_tasks';
import * as m0020 from './migrations/0020_summary_details';
import * as m0021 from './migrations/0021_deleted_accounts';
import * as m0022 from './migrations/0022_dub_voice_left';
import * as m0023 from './migrations/0023_dub_voice_choices';
import * as m0024 from './migrations/0024_meeting_speakers';
import * as m0025 from './migrations/0025_ledger_record_index';
import * as m0026 from './migrations/0026_ledger_counts';
import * as m0027 from './migrations/0027_search_usermerge';
import type { Database } from './schema';

const migrations: Record<string, Migration> = {
  '0001_auth': m0001,
  '0002_records': m0002,
  '0003_record_counts': m0003,
  '0004_uploads_jobs': m0004,
  '0005_meetings': m0005,
  '0006_transcript_extras': m0006,
  '0007_vouchers': m0007,
  '0008_stale_translations': m0008,
  '0009_search': m0009,
  '0010_meeting_invites': m0010,
  '0011_entitlements': m0011,
  '0012_search_owner_words': m0012,
  '0013_payment_orders': m0013,
  '0014_vocabulary': m0014,
  '0017_user_identities': m0017,
  '0015_vocabulary_in_force': m0015,
  '0018_dub_files': m0018,
  '0019_dub_tasks': m0019,
  '0020_summary_details': m0020,
  '0021_deleted_accounts': m0021,
  '0022_dub_voice_left': m0022,
  '0023_dub_voice_choices': m0023,
  '0024_meeting_speakers': m0024,
  '0025_ledger_record_index': m0025,
  '0026_ledger_counts': m0026,
  '0027_search_usermerge': m0027,
};

class StaticMigrationProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return migrations;
  }
}

/** `schema` names the PostgreSQL schema of the bookkeeping tables when it is not the default one. */
export async function migrateToLatest(db: Kysely<Database>, schema?: string): Promise<void> {
  // Kysely's introspection looks for its bookkeeping tables across schemas; naming the schema
  // keeps two installations (or test runs) in one database from seeing each other's tables.
  const migrator = new Migrator({ db, provider: new StaticMigrationProvider(), ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? '');
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
}
