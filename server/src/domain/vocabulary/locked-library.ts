// Every write to a library runs in one transaction holding that library: its count check and its
// inserts cannot interleave with another request's, so a burst of adds never passes a cap.
// PostgreSQL: the library row is locked FOR UPDATE. SQLite: Kysely runs a transaction on the one
// connection exclusively, so transactions of this process are already serialised.
import { PostgresAdapter, type Kysely, type Transaction } from 'kysely';
import type { Database, VocabularyLibraryRow } from '../../db/schema';
import { libraryNotFound } from './vocabulary-errors';

export async function withLibraryLocked<T>(
  db: Kysely<Database>,
  userId: string,
  libraryId: string,
  work: (trx: Transaction<Database>, library: VocabularyLibraryRow) => Promise<T>,
): Promise<T> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  return db.transaction().execute(async (trx) => {
    let query = trx.selectFrom('vocabulary_libraries').selectAll().where('id', '=', libraryId).where('user_id', '=', userId);
    if (postgres) query = query.forUpdate();
    const library = await query.executeTakeFirst();
    if (!library) throw libraryNotFound();
    return work(trx, library);
  });
}

/** The user's own library, or 'does not exist' (another user's id answers the same). */
export async function ownedLibrary(db: Kysely<Database>, userId: string, libraryId: string): Promise<VocabularyLibraryRow> {
  const library = await db.selectFrom('vocabulary_libraries').selectAll().where('id', '=', libraryId).where('user_id', '=', userId).executeTakeFirst();
  if (!library) throw libraryNotFound();
  return library;
}
