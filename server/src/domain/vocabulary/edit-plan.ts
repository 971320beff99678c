// What one editData request does to a library, worked out before anything is written: which entries
// are added, which change, and which duplicates merge. A merge keeps the entry already there (its own
// spelling) and gives it the newer target; a changed entry that becomes a duplicate is removed.
import type { VocabularyKindName } from '../../../../src/shared/contract/vocabulary-limits';
import { checkEntry, isProblem, type CheckedEntry } from './entry-rules';
import { entryNotFound, entryProblem } from './vocabulary-errors';

export interface ExistingEntry {
  id: string;
  source_key: string;
}

/** New values of a stored entry; `source` and `key` undefined: the stored spelling stays. */
export interface EntryUpdate {
  source?: string;
  key?: string;
  target: string | null;
}

export interface EditPlan {
  inserts: CheckedEntry[];
  updates: Map<string, EntryUpdate>;
  deletes: Set<string>;
  merged: number;
  countAfter: number;
}

export function planEdit(
  kind: VocabularyKindName,
  existing: readonly ExistingEntry[],
  requested: ReadonlyArray<{ id?: string; source: string; target?: string | null }>,
): EditPlan {
  const checked = requested.map((entry, index) => {
    const result = checkEntry(kind, entry);
    if (isProblem(result)) throw entryProblem(kind, index + 1, result.problems[0]!);
    return { id: entry.id, entry: result };
  });
  // Who holds each key now: a stored entry's id, or an insert of this request.
  const holders = new Map<string, { storedId: string } | { insert: CheckedEntry }>(existing.map((e) => [e.source_key, { storedId: e.id }]));
  const keyById = new Map(existing.map((e) => [e.id, e.source_key]));
  const updates = new Map<string, EntryUpdate>();
  const deletes = new Set<string>();
  const inserts: CheckedEntry[] = [];
  let merged = 0;

  const mergeInto = (holder: { storedId: string } | { insert: CheckedEntry }, target: string | null) => {
    merged += 1;
    if ('insert' in holder) holder.insert.target = target;
    else updates.set(holder.storedId, { ...updates.get(holder.storedId), target });
  };

  for (const { id, entry } of checked) {
    const holder = holders.get(entry.key);
    if (id === undefined) {
      if (holder) mergeInto(holder, entry.target);
      else {
        const insert = { ...entry };
        inserts.push(insert);
        holders.set(entry.key, { insert });
      }
      continue;
    }
    const oldKey = keyById.get(id);
    if (oldKey === undefined) throw entryNotFound();
    if (holder && !('storedId' in holder && holder.storedId === id)) {
      // Renamed onto a word the library already has: the two become one.
      holders.delete(oldKey);
      keyById.delete(id);
      updates.delete(id);
      deletes.add(id);
      mergeInto(holder, entry.target);
      continue;
    }
    holders.delete(oldKey);
    holders.set(entry.key, { storedId: id });
    keyById.set(id, entry.key);
    updates.set(id, { source: entry.source, key: entry.key, target: entry.target });
  }
  return { inserts, updates, deletes, merged, countAfter: existing.length + inserts.length - deletes.size };
}
