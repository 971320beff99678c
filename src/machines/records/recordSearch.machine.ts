// The search box of the records pages: what is typed waits a moment (SEARCH_DEBOUNCE_MS) before it
// is asked for, so a word typed quickly is one request; typing again, clearing or changing a filter
// leaves the running request's state, which stops its actor and aborts its HTTP call — a stale
// answer can never replace a newer one. Filters: only the page's current folder, only favourites.
import { assign, setup, type SnapshotFrom } from 'xstate';
import { describeError, type ErrorText } from '../../api/errors';
import { searchRecordsActor, type SearchHit, type SearchRecordsQuery } from '../../api/records/search-records';
import { SEARCH_QUERY_MAX } from '../../shared/contract/limits';

export type { SearchHit };

/** Long enough to wait out a typed word, short enough to feel immediate. */
export const SEARCH_DEBOUNCE_MS = 300;
export const SEARCH_PAGE_SIZE = 20;
export const SEARCH_FAILED_KEY = 'records:search.failed';

export interface RecordSearchInput {
  /** The folder the page shows (null: all records); the 'this folder only' filter narrows to it. */
  folderId?: string | null;
  /** Favourites page: search only favourites from the start. */
  favoriteOnly?: boolean;
}

export interface RecordSearchContext extends ErrorText {
  text: string;
  folderId: string | null;
  inFolderOnly: boolean;
  favoriteOnly: boolean;
  hits: SearchHit[];
  hasMore: boolean;
  /** The last page read (0 before the first answer). */
  pageNum: number;
}

export type RecordSearchEvent =
  | { type: 'search.typed'; text: string }
  | { type: 'search.cleared' }
  | { type: 'search.folderChanged'; folderId: string | null }
  | { type: 'search.filtersChanged'; inFolderOnly: boolean; favoriteOnly: boolean }
  | { type: 'search.more' }
  | { type: 'search.retry' };

const noError: ErrorText = { errorKey: undefined, errorMessage: undefined, errorCode: undefined };
const isBlank = (text: string) => text.trim() === '';

/** The request for a page of the current query and filters. */
export function searchQueryOf(context: RecordSearchContext, pageNum: number): SearchRecordsQuery {
  return {
    q: context.text.trim().slice(0, SEARCH_QUERY_MAX),
    pageNum,
    pageSize: SEARCH_PAGE_SIZE,
    ...(context.inFolderOnly && context.folderId ? { folderId: context.folderId } : {}),
    ...(context.favoriteOnly ? { favorite: '1' as const } : {}),
  };
}

export const recordSearchMachine = setup({
  types: {
    context: {} as RecordSearchContext,
    events: {} as RecordSearchEvent,
    input: {} as RecordSearchInput,
  },
  actors: { search: searchRecordsActor },
  delays: { debounce: SEARCH_DEBOUNCE_MS },
  guards: {
    typedBlank: ({ event }) => event.type === 'search.typed' && isBlank(event.text),
    hasQuery: ({ context }) => !isBlank(context.text),
    folderMatters: ({ context }) => !isBlank(context.text) && context.inFolderOnly,
    hasMore: ({ context }) => context.hasMore,
  },
  actions: {
    clearResults: assign({ hits: [], hasMore: false, pageNum: 0, ...noError }),
    rememberFailure: assign((_, error: unknown) => describeError(error, SEARCH_FAILED_KEY)),
  },
}).createMachine({
  id: 'recordSearch',
  context: ({ input }) => ({
    text: '',
    folderId: input.folderId ?? null,
    inFolderOnly: false,
    favoriteOnly: input.favoriteOnly ?? false,
    hits: [],
    hasMore: false,
    pageNum: 0,
  }),
  initial: 'idle',
  on: {
    'search.typed': [
      { guard: 'typedBlank', target: '.idle', actions: [assign({ text: ({ event }) => event.text }), 'clearResults'] },
      // Re-entering restarts the wait and drops a request in flight.
      { target: '.waiting', reenter: true, actions: assign({ text: ({ event }) => event.text }) },
    ],
    'search.cleared': { target: '.idle', actions: [assign({ text: '' }), 'clearResults'] },
    'search.folderChanged': [
      { guard: 'folderMatters', target: '.searching', reenter: true, actions: assign({ folderId: ({ event }) => event.folderId }) },
      { actions: assign({ folderId: ({ event }) => event.folderId }) },
    ],
    'search.filtersChanged': [
      {
        guard: 'hasQuery',
        target: '.searching',
        reenter: true,
        actions: assign({ inFolderOnly: ({ event }) => event.inFolderOnly, favoriteOnly: ({ event }) => event.favoriteOnly }),
      },
      { actions: assign({ inFolderOnly: ({ event }) => event.inFolderOnly, favoriteOnly: ({ event }) => event.favoriteOnly }) },
    ],
  },
  states: {
    idle: {},
    waiting: {
      after: { debounce: 'searching' },
    },
    searching: {
      invoke: {
        id: 'search',
        src: 'search',
        input: ({ context }) => searchQueryOf(context, 1),
        onDone: {
          target: 'showing',
          actions: assign(({ event }) => ({ hits: event.output.rows, hasMore: event.output.hasMore, pageNum: 1, ...noError })),
        },
        onError: {
          target: 'failed',
          actions: ['clearResults', { type: 'rememberFailure', params: ({ event }: { event: { error: unknown } }) => event.error }],
        },
      },
    },
    showing: {
      on: { 'search.more': { guard: 'hasMore', target: 'loadingMore' } },
    },
    loadingMore: {
      invoke: {
        id: 'searchMore',
        src: 'search',
        input: ({ context }) => searchQueryOf(context, context.pageNum + 1),
        onDone: {
          target: 'showing',
          actions: assign(({ context, event }) => ({
            hits: [...context.hits, ...event.output.rows],
            hasMore: event.output.hasMore,
            pageNum: context.pageNum + 1,
            ...noError,
          })),
        },
        // The hits already shown stay; the failure shows beside them and 'more' can be asked again.
        onError: { target: 'showing', actions: { type: 'rememberFailure', params: ({ event }: { event: { error: unknown } }) => event.error } },
      },
    },
    failed: {
      on: { 'search.retry': 'searching' },
    },
  },
});

type SearchSnapshot = SnapshotFrom<typeof recordSearchMachine>;
export type SearchStatus = 'idle' | 'waiting' | 'searching' | 'showing' | 'loadingMore' | 'failed';

export const selectSearchStatus = (snapshot: SearchSnapshot): SearchStatus => {
  for (const status of ['waiting', 'searching', 'showing', 'loadingMore', 'failed'] as const) if (snapshot.matches(status)) return status;
  return 'idle';
};
export const selectSearchText = (snapshot: SearchSnapshot) => snapshot.context.text;
export const selectSearchHits = (snapshot: SearchSnapshot) => snapshot.context.hits;
export const selectSearchHasMore = (snapshot: SearchSnapshot) => snapshot.context.hasMore;
export const selectSearchFilters = (snapshot: SearchSnapshot) => ({ inFolderOnly: snapshot.context.inFolderOnly, favoriteOnly: snapshot.context.favoriteOnly });
export const selectSearchError = (snapshot: SearchSnapshot): ErrorText => ({
  errorKey: snapshot.context.errorKey,
  errorMessage: snapshot.context.errorMessage,
});
