// Path model of the records search box (convention: src/testing/paths.ts). The double
// answers like the server from five hits of the word 'budget' (recordSearch.doubles.ts); a query
// starting with 'fail' is refused, 'budget!' fails from page 2 on. The debounce runs on the replay's
// fake timers.
import type { AnyMachineSnapshot } from 'xstate';
import type { PathsModel } from '../../testing/paths';
import { SEARCH_REFUSED, answerSearch, refusesPage, searchDouble } from './recordSearch.doubles';
import { recordSearchMachine, searchQueryOf, type RecordSearchContext } from './recordSearch.machine';

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as RecordSearchContext;
const pageAsked = (snapshot: AnyMachineSnapshot) => (snapshot.matches('loadingMore') ? contextOf(snapshot).pageNum + 1 : 1);
const failing = (snapshot: AnyMachineSnapshot) => refusesPage(contextOf(snapshot).text.trim(), pageAsked(snapshot));

export const pathsModel: PathsModel = {
  name: 'recordSearch',
  machine: recordSearchMachine.provide({ actors: { search: searchDouble } }),
  input: { folderId: 'f1' },
  events: {
    'search.typed': [
      { type: 'search.typed', text: 'budget' },
      { type: 'search.typed', text: 'fail' },
      { type: 'search.typed', text: 'budget!' },
      { type: 'search.typed', text: ' ' },
    ],
    'search.filtersChanged': [
      { type: 'search.filtersChanged', inFolderOnly: true, favoriteOnly: false },
      { type: 'search.filtersChanged', inFolderOnly: false, favoriteOnly: false },
    ],
    'search.folderChanged': [{ type: 'search.folderChanged', folderId: '1' }],
    'xstate.done.actor.search': (snapshot) =>
      failing(snapshot) ? [] : [{ type: 'xstate.done.actor.search', output: answerSearch(searchQueryOf(contextOf(snapshot), 1)) }],
    'xstate.error.actor.search': (snapshot) => (failing(snapshot) ? [{ type: 'xstate.error.actor.search', error: SEARCH_REFUSED }] : []),
    'xstate.done.actor.searchMore': (snapshot) =>
      failing(snapshot) ? [] : [{ type: 'xstate.done.actor.searchMore', output: answerSearch(searchQueryOf(contextOf(snapshot), pageAsked(snapshot))) }],
    'xstate.error.actor.searchMore': (snapshot) => (failing(snapshot) ? [{ type: 'xstate.error.actor.searchMore', error: SEARCH_REFUSED }] : []),
  },
  serializeContext: (context: RecordSearchContext) => ({
    text: context.text.trim(),
    folderId: context.folderId,
    inFolderOnly: context.inFolderOnly,
    hits: context.hits.length,
    pageNum: context.pageNum,
    hasMore: context.hasMore,
    failed: context.errorMessage ?? null,
  }),
};
