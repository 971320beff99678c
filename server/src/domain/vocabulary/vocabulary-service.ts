// Vocabulary library calls (features §3, §5, §7 Vocabulary): list, entries, create/rename, add/change
// entries, delete, and Excel import. Every call is scoped to the signed-in user's own libraries;
// every write runs in one transaction holding the library (locked-library.ts), and bad input
// throws before anything is written, so a refusal changes nothing.
import { sql, type Kysely } from 'kysely';
import { VOCABULARY_HAND_CAP, type VocabularyKindName } from '../../../../src/shared/contract/vocabulary-limits';
import type { Clock } from '../../clock';
import type { Database, VocabularyLibraryRow } from '../../db/schema';
import { planEdit } from './edit-plan';
import type { SheetRow } from './import-plan';
import { importLibraryRows, type ImportOutcome, type ImportTarget } from './vocabulary-import';
import { containsPattern, countedLibraries, libraryView, type LibraryView } from './library-view';
import { ownedLibrary, withLibraryLocked } from './locked-library';
import { checkedName, entriesOf, insertEntries, insertLibrary, type LibraryEdit } from './library-rows';
import { entryNotFound, kindMismatch, libraryNotFound, overHandCap } from './vocabulary-errors';

export type { ImportOutcome, ImportTarget } from './vocabulary-import';
export type { LibraryEdit } from './library-rows';

async function viewOf(db: Kysely<Database>, userId: string, id: string): Promise<LibraryView> {
  const row = await countedLibraries(db, userId).where('vocabulary_libraries.id', '=', id).executeTakeFirst();
  if (!row) throw libraryNotFound();
  return libraryView(row);
}

export function createVocabularyService({ db, clock }: { db: Kysely<Database>; clock: Clock }) {
  const now = () => clock.now().toISOString();

  return {
    async list(userId: string, query: { kind?: VocabularyKindName; name?: string; pageNum?: number; pageSize?: number }) {
      const pageNum = query.pageNum ?? 1;
      const pageSize = query.pageSize ?? 10;
      let base = countedLibraries(db, userId);
      if (query.kind) base = base.where('vocabulary_libraries.kind', '=', query.kind);
      const name = query.name?.trim();
      if (name) base = base.where(sql<boolean>`lower(vocabulary_libraries.name) like ${containsPattern(name)} escape '\\'`);
      const [rows, counted] = await Promise.all([
        base.orderBy('vocabulary_libraries.created_at', 'desc').orderBy('vocabulary_libraries.id', 'desc').limit(pageSize).offset((pageNum - 1) * pageSize).execute(),
        base.clearSelect().select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst(),
      ]);
      return { total: Number(counted?.n ?? 0), rows: rows.map(libraryView) };
    },

    async data(userId: string, query: { id: string; keyword?: string; pageNum?: number; pageSize?: number }) {
      const library = await viewOf(db, userId, query.id);
      const pageNum = query.pageNum ?? 1;
      const pageSize = query.pageSize ?? 10;
      let base = db.selectFrom('vocabulary_entries').where('library_id', '=', library.id);
      const keyword = query.keyword?.trim();
      if (keyword) {
        const pattern = containsPattern(keyword);
        base = base.where((eb) => eb.or([sql<boolean>`lower(source) like ${pattern} escape '\\'`, sql<boolean>`lower(coalesce(target, '')) like ${pattern} escape '\\'`]));
      }
      const [rows, counted] = await Promise.all([
        base.select(['id', 'source', 'target', 'created_at']).orderBy('created_at').orderBy('id').limit(pageSize).offset((pageNum - 1) * pageSize).execute(),
        base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst(),
      ]);
      return { library, total: Number(counted?.n ?? 0), rows: rows.map((r) => ({ id: r.id, source: r.source, target: r.target, createTime: r.created_at })) };
    },

    /** Creates (no id) or renames a library; a library's kind never changes. */
    async edit(userId: string, input: LibraryEdit): Promise<LibraryView> {
      if (input.id === undefined) {
        const row = await db.transaction().execute((trx) => insertLibrary(trx, userId, input, now()));
        return viewOf(db, userId, row.id);
      }
      const name = checkedName(input.name);
      await withLibraryLocked(db, userId, input.id, async (trx, library) => {
        if (library.kind !== input.kind) throw kindMismatch(input.kind);
        await trx
          .updateTable('vocabulary_libraries')
          .set({
            name,
            ...(input.language !== undefined ? { language: input.language } : {}),
            ...(input.translationLanguage !== undefined ? { translation_language: input.translationLanguage } : {}),
            ...(input.isDefault !== undefined ? { is_default: input.isDefault ? 1 : 0 } : {}),
            updated_at: now(),
          })
          .where('id', '=', library.id)
          .execute();
      });
      return viewOf(db, userId, input.id);
    },

    /** Adds (no id) or changes entries; resolves how many duplicates were merged. */
    async editData(userId: string, libraryId: string, entries: ReadonlyArray<{ id?: string; source: string; target?: string | null }>): Promise<{ merged: number }> {
      return withLibraryLocked(db, userId, libraryId, async (trx, library) => {
        const existing = await entriesOf(trx, library.id);
        const plan = planEdit(library.kind, existing, entries);
        const cap = VOCABULARY_HAND_CAP[library.kind];
        // A library filled past the hand cap by an import keeps its entries and can still be corrected.
        if (plan.countAfter > cap && plan.countAfter > existing.length) throw overHandCap(library.kind, cap, plan.countAfter);
        const at = now();
        if (plan.deletes.size > 0) await trx.deleteFrom('vocabulary_entries').where('library_id', '=', library.id).where('id', 'in', [...plan.deletes]).execute();
        // Changed keys are freed first (a temporary key each, with a control character no entry can hold),
        // so two entries can swap spellings without meeting the unique index halfway.
        const rekeyed = [...plan.updates].filter(([, u]) => u.key !== undefined);
        for (const [id] of rekeyed) await trx.updateTable('vocabulary_entries').set({ source_key: `\u0001rekey:${id}` }).where('id', '=', id).execute();
        for (const [id, update] of plan.updates) {
          await trx
            .updateTable('vocabulary_entries')
            .set({ target: update.target, ...(update.source !== undefined ? { source: update.source, source_key: update.key! } : {}) })
            .where('id', '=', id)
            .where('library_id', '=', library.id)
            .execute();
        }
        await insertEntries(trx, library.id, plan.inserts, at);
        await trx.updateTable('vocabulary_libraries').set({ updated_at: at }).where('id', '=', library.id).execute();
        return { merged: plan.merged };
      });
    },

    /** Deletes the libraries named; one id that is not the user's refuses them all. */
    async remove(userId: string, ids: readonly string[]): Promise<void> {
      const unique = [...new Set(ids)];
      await db.transaction().execute(async (trx) => {
        const owned = await trx.selectFrom('vocabulary_libraries').select('id').where('user_id', '=', userId).where('id', 'in', unique).execute();
        if (owned.length !== unique.length) throw libraryNotFound();
        await trx.deleteFrom('vocabulary_entries').where('library_id', 'in', unique).execute();
        await trx.deleteFrom('vocabulary_libraries').where('user_id', '=', userId).where('id', 'in', unique).execute();
      });
    },

    /** Deletes entries of one library; an id that is not in it refuses them all. */
    async removeData(userId: string, libraryId: string, ids: readonly string[]): Promise<void> {
      const unique = [...new Set(ids)];
      await withLibraryLocked(db, userId, libraryId, async (trx, library) => {
        const found = await trx.selectFrom('vocabulary_entries').select('id').where('library_id', '=', library.id).where('id', 'in', unique).execute();
        if (found.length !== unique.length) throw entryNotFound();
        await trx.deleteFrom('vocabulary_entries').where('library_id', '=', library.id).where('id', 'in', unique).execute();
        await trx.updateTable('vocabulary_libraries').set({ updated_at: now() }).where('id', '=', library.id).execute();
      });
    },

    /** The kinds of the libraries named; one id that is not the user's answers 'does not exist'. */
    async ownedKinds(userId: string, ids: readonly string[]): Promise<Set<VocabularyKindName>> {
      const unique = [...new Set(ids)];
      const rows = await db.selectFrom('vocabulary_libraries').select(['id', 'kind']).where('user_id', '=', userId).where('id', 'in', unique).execute();
      if (rows.length !== unique.length) throw libraryNotFound();
      return new Set(rows.map((r) => r.kind));
    },

    /** The library a call names, if it is the user's own. */
    owned(userId: string, libraryId: string): Promise<VocabularyLibraryRow> {
      return ownedLibrary(db, userId, libraryId);
    },

    /**
     * Checks every row (preview: and stops there). A real import writes all rows in one transaction or,
     * when any row has a blocking problem, nothing: the outcome then has blockingRows > 0 and id null.
     */
    importRows(userId: string, target: ImportTarget, rows: readonly SheetRow[], preview: boolean): Promise<ImportOutcome> {
      return importLibraryRows(db, now(), userId, target, rows, preview);
    },

    /** Every entry of one of the user's libraries, oldest first (export). */
    async allEntries(userId: string, libraryId: string) {
      const library = await ownedLibrary(db, userId, libraryId);
      const entries = await db.selectFrom('vocabulary_entries').select(['source', 'target']).where('library_id', '=', library.id).orderBy('created_at').orderBy('id').execute();
      return { library, entries };
    },
  };
}

export type VocabularyService = ReturnType<typeof createVocabularyService>;
