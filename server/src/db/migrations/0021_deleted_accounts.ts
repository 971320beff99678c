// Account deletion (issue 29 item 5): a deleted account keeps an anonymised users row, because the
// billing rows that must be kept (payment orders, the entitlement ledger) reference it. deleted_at
// marks it: set once by a compare-and-set, so a burst of parallel delete requests deletes once, and
// a token of a deleted user no longer authenticates. Portable types only.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('deleted_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('deleted_at').execute();
}
