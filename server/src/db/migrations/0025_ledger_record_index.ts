// A record's charges and refunds (an upload's attempts, a dub's iterations) are read by record id
// before every charge and refund; without an index each read scanned the whole ledger, which only
// grows (about 8 ms at the bench's size, more every month).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('ledger_entries_record_usage').on('ledger_entries').columns(['record_id', 'usage']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('ledger_entries_record_usage').execute();
}
