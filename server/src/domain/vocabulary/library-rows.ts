// The row writes a library call and an import share: a checked name, a new library, entries in chunks.
import type { Kysely, Transaction } from 'kysely';
import { VOCABULARY_NAME_MAX, type VocabularyKindName } from '../../../../src/shared/contract/vocabulary-limits';
import { kindHasTranslationLanguage } from '../../../../src/shared/contract/vocabulary-kinds';
import type { Database, VocabularyLibraryRow } from '../../db/schema';
import { sortableId } from '../../db/sortable-id';
import { checkDisplayName } from '../records/display-name';
import { languagesRequired, libraryNameProblem } from './vocabulary-errors';

export interface LibraryEdit {
  id?: string;
  kind: VocabularyKindName;
  name: string;
  language?: string;
  translationLanguage?: string;
  isDefault?: boolean;
}

export function checkedName(raw: string): string {
  const checked = checkDisplayName(raw, VOCABULARY_NAME_MAX);
  if ('problem' in checked) throw libraryNameProblem(checked.problem);
  return checked.name;
}

export const entriesOf = (db: Kysely<Database>, libraryId: string) =>
  db.selectFrom('vocabulary_entries').select(['id', 'source_key']).where('library_id', '=', libraryId).execute();

export async function insertEntries(trx: Transaction<Database>, libraryId: string, entries: ReadonlyArray<{ source: string; key: string; target: string | null }>, at: string) {
  // Chunks keep each statement under the database's bound-parameter limit.
  for (let i = 0; i < entries.length; i += 100) {
    const chunk = entries.slice(i, i + 100).map((e) => ({ id: sortableId(), library_id: libraryId, source: e.source, source_key: e.key, target: e.target, created_at: at }));
    await trx.insertInto('vocabulary_entries').values(chunk).execute();
  }
}

/** A new library of the user's; a terms library must name its language pair. */
export async function insertLibrary(trx: Kysely<Database>, userId: string, input: LibraryEdit, at: string): Promise<VocabularyLibraryRow> {
  const row: VocabularyLibraryRow = {
    id: sortableId(),
    user_id: userId,
    kind: input.kind,
    name: checkedName(input.name),
    language: input.language ?? null,
    translation_language: input.translationLanguage ?? null,
    is_default: input.isDefault ? 1 : 0,
    created_at: at,
    updated_at: null,
  };
  // Terms are kept per language pair: the engines apply them only to that pair.
  if (kindHasTranslationLanguage(row.kind) && (!row.language || !row.translation_language)) throw languagesRequired();
  await trx.insertInto('vocabulary_libraries').values(row).execute();
  return row;
}
