// Path model of the library list (convention: src/testing/paths.ts). The doubles answer one
// page of two libraries; saving the name 'Taken' and anything about LOCKED is refused, so both
// outcomes of every call are walked. The terms' second page reads empty, so the step back is walked.
import { fromPromise, type AnyMachineSnapshot } from 'xstate';
import type { LibraryEditBody } from '../../api/vocabulary/edit';
import type { VocabularyLibrary } from '../../api/vocabulary/types';
import type { PathsModel } from '../../testing/paths';
import { libraryListMachine, type LibraryListAnswer, type LibraryListContext, type LibraryListLoad } from './libraryList.machine';
import { COUNTS, LOCKED, NO_BENEFIT, REFUSAL, TERMS, WORDS } from './vocabulary.doubles';

const refusedSave = (body: { id?: string | undefined; name: string }) => body.name.trim() === 'Taken' || body.name.trim() === 'Paid' || body.id === LOCKED.id;
/** The save of 'Paid' is refused as an account without SVIP is (92505003). */
const refusalOf = (body: { name: string }) => (body.name.trim() === 'Paid' ? NO_BENEFIT : REFUSAL);
const answer = (kind: LibraryListLoad['kind'], page: number): LibraryListAnswer => ({
  // Page 2 of the terms is gone by the time it is read (another tab deleted it): the list steps back.
  page: { total: 12, rows: page === 1 ? [WORDS, LOCKED] : kind === 'translationTerms' ? [] : [{ ...TERMS, kind }] },
  counts: { ...COUNTS, [kind]: 12 },
});
const saved = (body: LibraryEditBody): VocabularyLibrary => ({ ...WORDS, id: body.id ?? 'L9', name: body.name });
const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as LibraryListContext;
const failsLoading = (context: LibraryListContext) => context.kind === 'wordReplacement';

export const pathsModel: PathsModel = {
  name: 'libraryList',
  machine: libraryListMachine.provide({
    actors: {
      loadLibraries: fromPromise<LibraryListAnswer, LibraryListLoad>(async ({ input }) => {
        if (input.kind === 'wordReplacement') throw REFUSAL;
        return answer(input.kind, input.page);
      }),
      saveLibrary: fromPromise<VocabularyLibrary, LibraryEditBody>(async ({ input }) => {
        if (refusedSave(input)) throw refusalOf(input);
        return saved(input);
      }),
      removeLibraries: fromPromise<void, { ids: string[] }>(async ({ input }) => {
        if (input.ids.includes(LOCKED.id)) throw REFUSAL;
      }),
    },
  }),
  events: {
    'libraries.kindChanged': [
      { type: 'libraries.kindChanged', kind: 'translationTerms' },
      { type: 'libraries.kindChanged', kind: 'wordReplacement' },
    ],
    'libraries.pageChanged': [
      { type: 'libraries.pageChanged', page: 2 },
      { type: 'libraries.pageChanged', page: 9 },
    ],
    'library.renameRequested': [{ type: 'library.renameRequested', library: WORDS }],
    'library.draftChanged': [
      { type: 'library.draftChanged', name: ' ' },
      { type: 'library.draftChanged', name: 'Taken' },
      { type: 'library.draftChanged', name: 'Paid' },
      { type: 'library.draftChanged', name: 'Brands', language: 'zh-CN', translationLanguage: 'en-US' },
    ],
    'library.deleteRequested': [
      { type: 'library.deleteRequested', library: WORDS },
      { type: 'library.deleteRequested', library: LOCKED },
    ],
    'library.defaultToggled': [
      { type: 'library.defaultToggled', library: WORDS },
      { type: 'library.defaultToggled', library: LOCKED },
    ],
    'xstate.done.actor.loadLibraries': (snapshot) => {
      const context = contextOf(snapshot);
      return failsLoading(context) ? [] : [{ type: 'xstate.done.actor.loadLibraries', output: answer(context.kind, context.page) }];
    },
    'xstate.error.actor.loadLibraries': (snapshot) =>
      failsLoading(contextOf(snapshot)) ? [{ type: 'xstate.error.actor.loadLibraries', error: REFUSAL }] : [],
    'xstate.done.actor.saveLibrary': (snapshot) => {
      const draft = contextOf(snapshot).draft!;
      const body = { ...(draft.id ? { id: draft.id } : {}), kind: contextOf(snapshot).kind, name: draft.name.trim() };
      return refusedSave(body) ? [] : [{ type: 'xstate.done.actor.saveLibrary', output: saved(body) }];
    },
    'xstate.error.actor.saveLibrary': (snapshot) => {
      const draft = contextOf(snapshot).draft!;
      return refusedSave({ ...(draft.id ? { id: draft.id } : {}), name: draft.name })
        ? [{ type: 'xstate.error.actor.saveLibrary', error: refusalOf(draft) }]
        : [];
    },
    'xstate.done.actor.saveDefault': (snapshot) => {
      const library = contextOf(snapshot).pendingDefault!;
      return refusedSave(library) ? [] : [{ type: 'xstate.done.actor.saveDefault', output: { ...library, isDefault: !library.isDefault } }];
    },
    'xstate.error.actor.saveDefault': (snapshot) =>
      refusedSave(contextOf(snapshot).pendingDefault!) ? [{ type: 'xstate.error.actor.saveDefault', error: REFUSAL }] : [],
    'xstate.done.actor.removeLibraries': (snapshot) =>
      contextOf(snapshot).pendingDelete?.id === LOCKED.id ? [] : [{ type: 'xstate.done.actor.removeLibraries', output: undefined }],
    'xstate.error.actor.removeLibraries': (snapshot) =>
      contextOf(snapshot).pendingDelete?.id === LOCKED.id ? [{ type: 'xstate.error.actor.removeLibraries', error: REFUSAL }] : [],
  },
  serializeContext: (context: LibraryListContext) => ({
    kind: context.kind,
    page: context.page,
    draft: context.draft ? { mode: context.draft.mode, name: context.draft.name } : null,
    deleting: context.pendingDelete?.id ?? null,
    defaulting: context.pendingDefault?.id ?? null,
    error: context.errorKey ?? context.errorMessage ?? null,
  }),
};
