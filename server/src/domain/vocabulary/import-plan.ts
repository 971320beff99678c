// What an Excel import would do, row by row (features §5: preview before anything is saved). Rows
// with empty, tooLong, control, bothRequired, overCap or formula problems block the whole import;
// 'duplicate' is a notice: the row merges into the entry it repeats (in the file or the library)
// rather than being stored twice, as hand edits do.
import { VOCABULARY_IMPORT_CAP, type VocabularyKindName } from '../../../../src/shared/contract/vocabulary-limits';
import { checkEntry, isProblem, type CheckedEntry, type EntryProblem } from './entry-rules';

export interface SheetRow {
  /** Row number as the spreadsheet shows it. */
  row: number;
  source: string | null;
  target: string | null;
  /** Problems found while reading the cell (a formula without a cached result). */
  readProblems: EntryProblem[];
}

export interface PreviewRow {
  row: number;
  source: string | null;
  target: string | null;
  problems: EntryProblem[];
}

export interface ImportPlan {
  total: number;
  valid: number;
  /** Rows with problems or notices, in sheet order (the answer lists at most PREVIEW_ROWS_MAX). */
  problemRows: PreviewRow[];
  blocking: PreviewRow[];
  inserts: CheckedEntry[];
  /** Stored entries (id → new target) that a row repeats. */
  updates: Map<string, string | null>;
  merged: number;
}

export const PREVIEW_ROWS_MAX = 500;

const NOTICES: ReadonlySet<EntryProblem> = new Set(['duplicate']);

export function planImport(kind: VocabularyKindName, rows: readonly SheetRow[], existing: ReadonlyArray<{ id: string; source_key: string }>): ImportPlan {
  const cap = VOCABULARY_IMPORT_CAP[kind];
  const stored = new Map(existing.map((e) => [e.source_key, e.id]));
  const pending = new Map<string, CheckedEntry>();
  const updates = new Map<string, string | null>();
  const problemRows: PreviewRow[] = [];
  let merged = 0;
  let valid = 0;

  for (const sheetRow of rows) {
    const checked = checkEntry(kind, { source: sheetRow.source, target: sheetRow.target });
    const problems = new Set<EntryProblem>(sheetRow.readProblems);
    // A formula without a result reads as no value: that is its problem, not also 'empty'.
    const readAsMissing = (p: EntryProblem) => sheetRow.readProblems.length > 0 && (p === 'empty' || p === 'bothRequired');
    if (isProblem(checked)) {
      for (const p of checked.problems) if (!readAsMissing(p)) problems.add(p);
    } else if (problems.size === 0) {
      const storedId = stored.get(checked.key);
      const earlier = pending.get(checked.key);
      if (storedId !== undefined || earlier) {
        problems.add('duplicate');
        merged += 1;
        if (earlier) earlier.target = checked.target;
        else updates.set(storedId!, checked.target);
      } else if (existing.length + pending.size + 1 > cap) {
        problems.add('overCap');
      } else {
        pending.set(checked.key, { ...checked });
      }
    }
    const blocking = [...problems].some((p) => !NOTICES.has(p));
    if (!blocking) valid += 1;
    if (problems.size > 0) problemRows.push({ row: sheetRow.row, source: sheetRow.source, target: sheetRow.target, problems: [...problems] });
  }
  return {
    total: rows.length,
    valid,
    problemRows,
    blocking: problemRows.filter((r) => r.problems.some((p) => !NOTICES.has(p))),
    inserts: [...pending.values()],
    updates,
    merged,
  };
}
