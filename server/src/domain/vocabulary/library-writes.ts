// Every write to a vocabulary library, and import, behind its two checks (features §3, §5, §7
// Vocabulary; issue 14): ownership first, so another user's id answers 'does not exist' whatever the
// tier, then the tier table's rule for the library's kind (SVIP only, 92505003 otherwise; BILLING=off
// lifts it). Reading and exporting stay open to the owner after a downgrade (see handlers/vocabulary.ts).
import type { VocabularyKindName } from '../../../../src/shared/contract/vocabulary-limits';
import { AppError } from '../../errors';
import type { BillingUser, Entitlements } from '../entitlements/entitlements-service';
import type { ImportForm } from './import-form';
import { featureOf } from './vocabulary-gate';
import type { ImportOutcome, LibraryEdit, VocabularyService } from './vocabulary-service';
import { readSheetRows, SheetReadError, SHEET_ROWS_MAX, XLSX_EXPANDED_MAX_BYTES } from './xlsx-read';

export interface LibraryWriteDeps {
  vocabulary: VocabularyService;
  entitlements: Pick<Entitlements, 'requireFeature'>;
}

const MB = 1024 * 1024;

function sheetFailure(error: SheetReadError): AppError {
  if (error.reason === 'expandsTooMuch') return new AppError(400, 'vocabularyServer:file.expandsTooMuch', { limit: XLSX_EXPANDED_MAX_BYTES / MB });
  if (error.reason === 'tooManyRows') return new AppError(400, 'vocabularyServer:file.tooManyRows', { limit: SHEET_ROWS_MAX });
  if (error.reason === 'noSheet') return new AppError(400, 'vocabularyServer:file.noSheet');
  return new AppError(400, 'vocabularyServer:file.notXlsx');
}

export function libraryWrites({ vocabulary, entitlements }: LibraryWriteDeps) {
  const requireKind = (user: BillingUser, kind: VocabularyKindName) => entitlements.requireFeature(user, featureOf(kind));
  /** The caller's library of that id, once their tier may write its kind. */
  async function writable(user: BillingUser, libraryId: string) {
    const library = await vocabulary.owned(user.id, libraryId);
    await requireKind(user, library.kind);
    return library;
  }

  return {
    async edit(user: BillingUser, input: LibraryEdit) {
      if (input.id !== undefined) await vocabulary.owned(user.id, input.id);
      await requireKind(user, input.kind);
      return vocabulary.edit(user.id, input);
    },
    async editData(user: BillingUser, libraryId: string, entries: Parameters<VocabularyService['editData']>[2]) {
      const library = await writable(user, libraryId);
      return vocabulary.editData(user.id, library.id, entries);
    },
    /** Deleting is a write like any other; the ownership check runs inside the service, in the delete's transaction. */
    async remove(user: BillingUser, ids: readonly string[]) {
      for (const kind of await vocabulary.ownedKinds(user.id, ids)) await requireKind(user, kind);
      await vocabulary.remove(user.id, ids);
    },
    async removeData(user: BillingUser, libraryId: string, ids: readonly string[]) {
      const library = await writable(user, libraryId);
      await vocabulary.removeData(user.id, library.id, ids);
    },
    async importForm(user: BillingUser, form: ImportForm): Promise<ImportOutcome> {
      if (form.id !== undefined) await vocabulary.owned(user.id, form.id);
      await requireKind(user, form.kind);
      let rows;
      try {
        rows = await readSheetRows(form.file, form.kind);
      } catch (error) {
        if (error instanceof SheetReadError) throw sheetFailure(error);
        throw error;
      }
      return vocabulary.importRows(user.id, form, rows, form.preview);
    },
  };
}

export type LibraryWrites = ReturnType<typeof libraryWrites>;
