// Path model of the library detail (convention: src/testing/paths.ts). The fetch double
// answers a total of 4 with ENTRIES (3) on page 1 and GAMMA on page 2, so 'load more' is walked
// once; the keyword 'broken' fails the read.
// Saving REFUSED_SOURCE and deleting STUCK are refused, so every optimistic change is walked back too.
import { fromPromise, type AnyMachineSnapshot } from 'xstate';
import type { DocumentDataQuery } from '../../api/vocabulary/get-document-data';
import type { EntriesEditBody } from '../../api/vocabulary/edit-data';
import type { EntriesRemoval } from '../../api/vocabulary/remove-data';
import type { VocabularyEntryPage } from '../../api/vocabulary/types';
import type { PathsModel } from '../../testing/paths';
import { libraryDetailMachine, type LibraryDetailContext } from './libraryDetail.machine';
import { ALPHA, ENTRIES, REFUSAL, REFUSED_SOURCE, STUCK, WORDS } from './vocabulary.doubles';

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as LibraryDetailContext;
const failsReading = (keyword: string | undefined) => keyword === 'broken';
/** The keyword 'gap' reads its first page and fails on the second. */
const failsMore = (keyword: string | undefined) => keyword === 'gap';
const GAMMA = { id: 'E4', source: 'Vitest', target: null };
function page(_keyword: string | undefined, pageNum: number): VocabularyEntryPage {
  return { library: WORDS, total: 4, rows: pageNum === 1 ? ENTRIES : [GAMMA] };
}
const calm = (snapshot: AnyMachineSnapshot) => contextOf(snapshot).draft === null && contextOf(snapshot).selected.length === 0;
const savingRefused = (context: LibraryDetailContext) => context.draft?.source.trim() === REFUSED_SOURCE;
const deletingRefused = (context: LibraryDetailContext) => context.pendingDelete.includes(STUCK.id);

export const pathsModel: PathsModel = {
  name: 'libraryDetail',
  input: { libraryId: WORDS.id },
  machine: libraryDetailMachine.provide({
    actors: {
      fetchEntries: fromPromise<VocabularyEntryPage, DocumentDataQuery>(async ({ input }) => {
        if (failsReading(input.keyword) || (failsMore(input.keyword) && input.pageNum !== 1)) throw REFUSAL;
        return page(input.keyword, input.pageNum ?? 1);
      }),
      saveEntries: fromPromise<string, EntriesEditBody>(async ({ input }) => {
        if (input.entries.some((entry) => entry.source === REFUSED_SOURCE)) throw REFUSAL;
        return '';
      }),
      removeEntries: fromPromise<void, EntriesRemoval>(async ({ input }) => {
        if (input.ids.includes(STUCK.id)) throw REFUSAL;
      }),
    },
  }),
  events: {
    // Searches, selections and deletes are walked with no entry open and nothing selected, so the
    // combinations stay few; each transition is still taken.
    'entries.search': (snapshot) => (!calm(snapshot) ? [] : [{ type: 'entries.search', keyword: contextOf(snapshot).keyword ? '' : 'broken' }, { type: 'entries.search', keyword: 'gap' }]),
    'entry.editRequested': [{ type: 'entry.editRequested', entry: ALPHA }],
    'entry.draftChanged': (snapshot) =>
      contextOf(snapshot).draft
        ? [
            { type: 'entry.draftChanged', source: ' ' },
            { type: 'entry.draftChanged', source: REFUSED_SOURCE },
            { type: 'entry.draftChanged', source: 'Fastify' },
          ]
        : [],
    // Rows on screen only, as the table offers them.
    'entry.deleteRequested': (snapshot) =>
      (calm(snapshot) ? [ALPHA.id, STUCK.id] : []).filter((id) => contextOf(snapshot).rows.some((row) => row.id === id)).map((id) => ({ type: 'entry.deleteRequested', id })),
    'entries.selectionToggled': (snapshot) => (contextOf(snapshot).draft ? [] : [{ type: 'entries.selectionToggled', id: STUCK.id }]),
    'entries.allToggled': (snapshot) => (contextOf(snapshot).draft ? [] : [{ type: 'entries.allToggled' }]),
    'xstate.done.actor.fetchEntries': (snapshot) => {
      const { keyword } = contextOf(snapshot);
      return failsReading(keyword) ? [] : [{ type: 'xstate.done.actor.fetchEntries', output: page(keyword, 1) }];
    },
    'xstate.error.actor.fetchEntries': (snapshot) =>
      failsReading(contextOf(snapshot).keyword) ? [{ type: 'xstate.error.actor.fetchEntries', error: REFUSAL }] : [],
    'xstate.done.actor.fetchMore': (snapshot) =>
      failsMore(contextOf(snapshot).keyword) ? [] : [{ type: 'xstate.done.actor.fetchMore', output: page(contextOf(snapshot).keyword, contextOf(snapshot).page + 1) }],
    'xstate.error.actor.fetchMore': (snapshot) => (failsMore(contextOf(snapshot).keyword) ? [{ type: 'xstate.error.actor.fetchMore', error: REFUSAL }] : []),
    'xstate.done.actor.saveEntries': (snapshot) => (savingRefused(contextOf(snapshot)) ? [] : [{ type: 'xstate.done.actor.saveEntries', output: '' }]),
    'xstate.error.actor.saveEntries': (snapshot) =>
      savingRefused(contextOf(snapshot)) ? [{ type: 'xstate.error.actor.saveEntries', error: REFUSAL }] : [],
    'xstate.done.actor.removeEntries': (snapshot) =>
      deletingRefused(contextOf(snapshot)) ? [] : [{ type: 'xstate.done.actor.removeEntries', output: undefined }],
    'xstate.error.actor.removeEntries': (snapshot) =>
      deletingRefused(contextOf(snapshot)) ? [{ type: 'xstate.error.actor.removeEntries', error: REFUSAL }] : [],
  },
  serializeContext: (context: LibraryDetailContext) => ({
    rows: context.rows.length,
    keyword: context.keyword,
    selected: context.selected.join(','),
    draft: context.draft ? `${context.draft.id ?? 'new'}:${context.draft.source}` : null,
    deleting: context.pendingDelete.join(','),
    error: context.errorKey ?? context.errorMessage ?? null,
  }),
  // Seven states but many contexts: shortest paths and the untaken transitions cover every edge.
  skipSimplePaths: true,
};
