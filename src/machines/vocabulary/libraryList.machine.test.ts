// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { LibraryEditBody } from '../../api/vocabulary/edit';
import type { VocabularyLibrary } from '../../api/vocabulary/types';
import { libraryListMachine, type LibraryListAnswer, type LibraryListEmitted, type LibraryListLoad } from './libraryList.machine';
import { NAME_REQUIRED_KEY, NAME_TOO_LONG_KEY } from './vocabulary.rules';
import { COUNTS, NO_BENEFIT, REFUSAL, TERMS, WORDS } from './vocabulary.doubles';

function start(options: { load?: () => Promise<LibraryListAnswer>; save?: (body: LibraryEditBody) => Promise<VocabularyLibrary>; remove?: () => Promise<void> } = {}) {
  const loads: LibraryListLoad[] = [];
  const saves: LibraryEditBody[] = [];
  const removals: string[][] = [];
  const emitted: LibraryListEmitted[] = [];
  const machine = libraryListMachine.provide({
    actors: {
      loadLibraries: fromPromise<LibraryListAnswer, LibraryListLoad>(async ({ input }) => {
        loads.push(input);
        if (options.load) return options.load();
        return { page: { total: 2, rows: input.kind === 'translationTerms' ? [TERMS] : [WORDS] }, counts: COUNTS };
      }),
      saveLibrary: fromPromise<VocabularyLibrary, LibraryEditBody>(({ input }) => {
        saves.push(input);
        return options.save ? options.save(input) : Promise.resolve({ ...WORDS, id: input.id ?? 'L9', name: input.name });
      }),
      removeLibraries: fromPromise<void, { ids: string[] }>(({ input }) => {
        removals.push(input.ids);
        return options.remove ? options.remove() : Promise.resolve();
      }),
    },
  });
  const actor = createActor(machine, { input: {} }).start();
  actor.on('*', (event) => emitted.push(event as LibraryListEmitted));
  return { actor, loads, saves, removals, emitted };
}

describe('library list machine', () => {
  it('reads the first kind with every count, and another kind when its tab is chosen', async () => {
    const { actor, loads } = start();
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.counts).toEqual(COUNTS);
    actor.send({ type: 'libraries.kindChanged', kind: 'translationTerms' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.rows).toEqual([TERMS]);
    expect(loads).toEqual([
      { kind: 'properWords', page: 1 },
      { kind: 'translationTerms', page: 1 },
    ]);
  });

  it('refuses an empty or 51-character name before any call, then creates with the kind and language', async () => {
    const { actor, saves, emitted } = start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'library.createRequested' });
    actor.send({ type: 'library.draftChanged', name: '   ' });
    actor.send({ type: 'library.submitted' });
    expect(actor.getSnapshot().context.errorKey).toBe(NAME_REQUIRED_KEY);
    actor.send({ type: 'library.draftChanged', name: 'x'.repeat(51) });
    actor.send({ type: 'library.submitted' });
    expect(actor.getSnapshot().context.errorKey).toBe(NAME_TOO_LONG_KEY);
    expect(saves).toEqual([]);
    actor.send({ type: 'library.draftChanged', name: ' Brands ', language: 'zh-CN' });
    actor.send({ type: 'library.submitted' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(saves).toEqual([{ kind: 'properWords', name: 'Brands', language: 'zh-CN' }]);
    expect(emitted).toContainEqual({ type: 'library.created', id: 'L9' });
  });

  it('keeps the server refusal in the dialog and lets the user correct the name', async () => {
    const { actor } = start({ save: () => Promise.reject(REFUSAL) });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'library.renameRequested', library: WORDS });
    actor.send({ type: 'library.submitted' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.errorMessage !== undefined);
    expect(actor.getSnapshot().context.errorMessage).toBe(REFUSAL.message);
    expect(actor.getSnapshot().context.draft?.name).toBe(WORDS.name);
  });

  it('deletes only after the confirmation and reads the list again', async () => {
    const { actor, removals, loads } = start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'library.deleteRequested', library: WORDS });
    expect(actor.getSnapshot().value).toBe('confirmingDelete');
    expect(removals).toEqual([]);
    actor.send({ type: 'library.deleteConfirmed' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(removals).toEqual([[WORDS.id]]);
    expect(loads).toHaveLength(2);
  });

  it('asks for the purchase dialog on tab 2 when the account has no SVIP', async () => {
    const { actor, emitted } = start({ load: () => Promise.reject(NO_BENEFIT) });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(emitted).toContainEqual({ type: 'purchase.needed', tab: 'duration' });
    expect(actor.getSnapshot().context.errorCode).toBe(92505003);
  });

  it('closes the form when a save is refused for want of SVIP (the purchase dialog takes over)', async () => {
    const { actor } = start({ save: () => Promise.reject(NO_BENEFIT) });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'library.createRequested' });
    actor.send({ type: 'library.draftChanged', name: 'Brands' });
    actor.send({ type: 'library.submitted' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.draft).toBeNull();
    expect(actor.getSnapshot().context.errorCode).toBe(92505003);
  });

  it('flips the default flag at once and puts it back when the server refuses', async () => {
    const { actor, saves } = start({ save: () => Promise.reject(REFUSAL) });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'library.defaultToggled', library: WORDS });
    expect(actor.getSnapshot().context.rows[0]?.isDefault).toBe(true);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.rows[0]?.isDefault).toBe(false);
    expect(saves).toEqual([{ id: WORDS.id, kind: 'properWords', name: WORDS.name, isDefault: true }]);
  });
});
