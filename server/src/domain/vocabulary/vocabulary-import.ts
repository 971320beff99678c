// Excel import into a vocabulary library (features §3 Vocabulary): every row checked first, then
// either all rows written in one transaction holding the library, or nothing (a preview never writes).
import type { Kysely } from 'kysely';
import type { VocabularyKindName } from '../../../../src/shared/contract/vocabulary-limits';
import { kindHasTranslationLanguage } from '../../../../src/shared/contract/vocabulary-kinds';
import type { Database } from '../../db/schema';
import { planImport, PREVIEW_ROWS_MAX, type SheetRow } from './import-plan';
import { ownedLibrary, withLibraryLocked } from './locked-library';
import { kindMismatch, languagesRequired } from './vocabulary-errors';
import { checkedName, entriesOf, insertEntries, insertLibrary } from './library-rows';

export interface ImportTarget {
  kind: VocabularyKindName;
  id?: string;
  name?: string;
  language?: string;
  translationLanguage?: string;
}

export interface ImportOutcome {
  id: string | null;
  imported: number;
  merged: number;
  preview: { total: number; valid: number; rows: Array<{ row: number; source: string | null; target: string | null; problems: string[] }> };
  /** Rows that block the import (a real import with any of these saved nothing and throws). */
  blockingRows: number;
  firstBlockingRow: number | null;
}

/** `at`: the time written on new and changed rows. */
export async function importLibraryRows(
  db: Kysely<Database>,
  at: string,
  userId: string,
  target: ImportTarget,
  rows: readonly SheetRow[],
  preview: boolean,
): Promise<ImportOutcome> {
  const outcomeOf = (plan: ReturnType<typeof planImport>, id: string | null, imported: number): ImportOutcome => ({
    id,
    imported,
    merged: plan.merged,
    preview: { total: plan.total, valid: plan.valid, rows: plan.problemRows.slice(0, PREVIEW_ROWS_MAX) },
    blockingRows: plan.blocking.length,
    firstBlockingRow: plan.blocking[0]?.row ?? null,
  });
  if (target.id === undefined) {
    // Checked before any row, so a bad name is refused even in a preview.
    const edit = { kind: target.kind, name: target.name ?? '', language: target.language, translationLanguage: target.translationLanguage };
    checkedName(edit.name);
    if (kindHasTranslationLanguage(edit.kind) && (!edit.language || !edit.translationLanguage)) throw languagesRequired();
    const plan = planImport(target.kind, rows, []);
    if (preview || plan.blocking.length > 0) return outcomeOf(plan, null, 0);
    const id = await db.transaction().execute(async (trx) => {
      const library = await insertLibrary(trx, userId, edit, at);
      await insertEntries(trx, library.id, plan.inserts, at);
      return library.id;
    });
    return outcomeOf(plan, id, plan.inserts.length);
  }
  if (preview) {
    const library = await ownedLibrary(db, userId, target.id);
    if (library.kind !== target.kind) throw kindMismatch(target.kind);
    return outcomeOf(planImport(library.kind, rows, await entriesOf(db, library.id)), null, 0);
  }
  return withLibraryLocked(db, userId, target.id, async (trx, library) => {
    if (library.kind !== target.kind) throw kindMismatch(target.kind);
    const plan = planImport(library.kind, rows, await entriesOf(trx, library.id));
    if (plan.blocking.length > 0) return outcomeOf(plan, null, 0);
    for (const [id, newTarget] of plan.updates) await trx.updateTable('vocabulary_entries').set({ target: newTarget }).where('id', '=', id).where('library_id', '=', library.id).execute();
    await insertEntries(trx, library.id, plan.inserts, at);
    await trx.updateTable('vocabulary_libraries').set({ updated_at: at }).where('id', '=', library.id).execute();
    return outcomeOf(plan, library.id, plan.inserts.length);
  });
}
