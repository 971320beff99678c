import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { DocumentDataQuery } from '../../api/vocabulary/get-document-data';
import type { EntriesEditBody } from '../../api/vocabulary/edit-data';
import type { EntriesRemoval } from '../../api/vocabulary/remove-data';
import type { VocabularyEntry, VocabularyEntryPage, VocabularyLibrary } from '../../api/vocabulary/types';
import { NEW_ENTRY_ID, libraryDetailMachine } from './libraryDetail.machine';
import { BOTH_SIDES_KEY, ENTRY_CAP_KEY, ENTRY_TOO_LONG_KEY } from './vocabulary.rules';
import { ALPHA, BETA, ENTRIES, REFUSAL, STUCK, TERMS, WORDS } from './vocabulary.doubles';

interface Options {
  library?: VocabularyLibrary;
  rows?: VocabularyEntry[];
  total?: number;
  save?: () => Promise<string>;
  remove?: () => Promise<void>;
}

function start(options: Options = {}) {
  const reads: DocumentDataQuery[] = [];
  const saves: EntriesEditBody[] = [];
  const removals: EntriesRemoval[] = [];
  const rows = options.rows ?? ENTRIES;
  const machine = libraryDetailMachine.provide({
    actors: {
      fetchEntries: fromPromise<VocabularyEntryPage, DocumentDataQuery>(async ({ input }) => {
        reads.push(input);
        return { library: options.library ?? WORDS, total: options.total ?? rows.length, rows };
      }),
      saveEntries: fromPromise<string, EntriesEditBody>(({ input }) => {
        saves.push(input);
        return options.save ? options.save() : Promise.resolve('');
      }),
      removeEntries: fromPromise<void, EntriesRemoval>(({ input }) => {
        removals.push(input);
        return options.remove ? options.remove() : Promise.resolve();
      }),
    },
  });
  const actor = createActor(machine, { input: { libraryId: WORDS.id } }).start();
  return { actor, reads, saves, removals };
}

describe('library detail machine', () => {
  it('reads the entries and searches by keyword', async () => {
    const { actor, reads } = start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'entries.search', keyword: ' Par ' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(reads).toEqual([
      { id: WORDS.id, pageNum: 1, pageSize: 100 },
      { id: WORDS.id, pageNum: 1, pageSize: 100, keyword: 'Par' },
    ]);
  });

  it('shows an added word at once and puts the rows back when the server refuses it', async () => {
    const { actor, saves } = start({ save: () => Promise.reject(REFUSAL) });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'entry.addRequested' });
    actor.send({ type: 'entry.draftChanged', source: 'Vitest' });
    actor.send({ type: 'entry.submitted' });
    expect(actor.getSnapshot().context.rows[0]).toMatchObject({ id: NEW_ENTRY_ID, source: 'Vitest' });
    expect(actor.getSnapshot().context.total).toBe(4);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.rows).toEqual(ENTRIES);
    expect(actor.getSnapshot().context.total).toBe(3);
    expect(actor.getSnapshot().context.errorMessage).toBe(REFUSAL.message);
    expect(saves).toEqual([{ documentId: WORDS.id, entries: [{ source: 'Vitest' }] }]);
  });

  it('checks the limits before a call: 51 characters, the 151st word, a term without its translation', async () => {
    const { actor, saves } = start({ total: 150 });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'entry.editRequested', entry: ALPHA });
    actor.send({ type: 'entry.draftChanged', source: 'x'.repeat(51) });
    actor.send({ type: 'entry.submitted' });
    expect(actor.getSnapshot().context.errorKey).toBe(ENTRY_TOO_LONG_KEY);
    actor.send({ type: 'entry.addRequested' });
    actor.send({ type: 'entry.draftChanged', source: 'One more' });
    actor.send({ type: 'entry.submitted' });
    expect(actor.getSnapshot().context.errorKey).toBe(ENTRY_CAP_KEY);
    expect(saves).toEqual([]);

    const terms = start({ library: TERMS });
    await waitFor(terms.actor, (s) => s.matches('ready'));
    terms.actor.send({ type: 'entry.addRequested' });
    terms.actor.send({ type: 'entry.draftChanged', source: 'meeting' });
    terms.actor.send({ type: 'entry.submitted' });
    expect(terms.actor.getSnapshot().context.errorKey).toBe(BOTH_SIDES_KEY);
    terms.actor.send({ type: 'entry.draftChanged', target: 'reunión' });
    terms.actor.send({ type: 'entry.submitted' });
    await waitFor(terms.actor, (s) => s.matches('ready'));
    expect(terms.saves).toEqual([{ documentId: WORDS.id, entries: [{ source: 'meeting', target: 'reunión' }] }]);
  });

  it('deletes the selection only after the confirmation', async () => {
    const { actor, removals } = start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'entries.bulkDeleteRequested' });
    expect(actor.getSnapshot().value).toBe('ready'); // nothing selected
    actor.send({ type: 'entries.selectionToggled', id: ALPHA.id });
    actor.send({ type: 'entries.selectionToggled', id: BETA.id });
    actor.send({ type: 'entries.bulkDeleteRequested' });
    expect(removals).toEqual([]);
    actor.send({ type: 'entries.bulkDeleteConfirmed' });
    expect(actor.getSnapshot().context.rows).toEqual([STUCK]);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(removals).toEqual([{ documentId: WORDS.id, ids: [ALPHA.id, BETA.id] }]);
    expect(actor.getSnapshot().context.selected).toEqual([]);
    expect(actor.getSnapshot().context.total).toBe(1);
  });

  it('restores a deleted row the server would not delete', async () => {
    const { actor } = start({ remove: () => Promise.reject(REFUSAL) });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'entry.deleteRequested', id: STUCK.id });
    expect(actor.getSnapshot().context.rows).toHaveLength(2);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.rows).toEqual(ENTRIES);
    expect(actor.getSnapshot().context.errorMessage).toBe(REFUSAL.message);
  });
});
