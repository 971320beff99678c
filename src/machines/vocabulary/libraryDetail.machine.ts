// The /vocabularyDetail page (features §2, §3): a library's entries read 100 at a time (more as the
// virtualised table scrolls), searched by keyword; an entry is added or edited inline, deleted, or
// several are deleted after a confirmation. Saves and deletes show at once (optimistic) and a
// refusal of the server puts the rows back as they were and keeps its translated message.
// Client checks mirror the limits (vocabulary.rules.ts); the server is the authority.
import { assign, emit, setup } from 'xstate';
import { describeError, type ErrorText } from '../../api/errors';
import { editEntriesActor } from '../../api/vocabulary/edit-data';
import { getDocumentDataActor } from '../../api/vocabulary/get-document-data';
import { removeEntriesActor } from '../../api/vocabulary/remove-data';
import type { VocabularyEntry, VocabularyLibrary } from '../../api/vocabulary/types';
import type { Notice } from '../notice';
import { capProblem, entryProblem, isPairedKind, type RuleProblem } from './vocabulary.rules';

export const ENTRY_PAGE_SIZE = 100;
export const DETAIL_FAILED_KEY = 'vocabulary:loadFailed';
/** The id an added entry has in the table until the server's answer is read again. */
export const NEW_ENTRY_ID = 'new';

export interface EntryDraft {
  /** null: a new entry. */
  id: string | null;
  source: string;
  target: string;
}

export interface LibraryDetailContext extends ErrorText {
  libraryId: string;
  library: VocabularyLibrary | null;
  rows: VocabularyEntry[];
  total: number;
  /** Pages read so far (the table asks for the next as it scrolls). */
  page: number;
  keyword: string;
  selected: string[];
  draft: EntryDraft | null;
  errorParams?: Record<string, string | number> | undefined;
  /** Rows and total before an optimistic change, put back when the server refuses it. */
  backup: { rows: VocabularyEntry[]; total: number } | null;
  /** Entries being deleted (one, or the selection). */
  pendingDelete: string[];
}

export type LibraryDetailEvent =
  | { type: 'entries.search'; keyword: string }
  | { type: 'entries.loadMore' }
  | { type: 'entries.retry' }
  | { type: 'entries.reload' }
  | { type: 'entry.addRequested' }
  | { type: 'entry.editRequested'; entry: VocabularyEntry }
  | { type: 'entry.draftChanged'; source?: string; target?: string }
  | { type: 'entry.submitted' }
  | { type: 'entry.editCancelled' }
  | { type: 'entry.deleteRequested'; id: string }
  | { type: 'entries.selectionToggled'; id: string }
  | { type: 'entries.allToggled' }
  | { type: 'entries.bulkDeleteRequested' }
  | { type: 'entries.bulkDeleteConfirmed' }
  | { type: 'entries.bulkDeleteCancelled' };

const noError = { errorKey: undefined, errorMessage: undefined, errorCode: undefined, errorParams: undefined } as const;
const problemError = (problem: RuleProblem) => ({ errorKey: problem.key, errorParams: problem.params, errorMessage: undefined, errorCode: undefined });
const hasMore = (context: LibraryDetailContext) => context.rows.length < context.total;

function draftProblem(context: LibraryDetailContext): RuleProblem | null {
  if (!context.library || !context.draft) return null;
  const { kind } = context.library;
  const problem = entryProblem(kind, context.draft.source, context.draft.target);
  if (problem) return problem;
  return context.draft.id === null ? capProblem(kind, context.total) : null;
}

function applyDraft(context: LibraryDetailContext): { rows: VocabularyEntry[]; total: number } {
  const draft = context.draft!;
  const paired = context.library ? isPairedKind(context.library.kind) : false;
  const entry: VocabularyEntry = { id: draft.id ?? NEW_ENTRY_ID, source: draft.source.trim(), target: paired ? draft.target.trim() : null };
  if (draft.id === null) return { rows: [entry, ...context.rows], total: context.total + 1 };
  return { rows: context.rows.map((row) => (row.id === draft.id ? { ...row, ...entry } : row)), total: context.total };
}

export const libraryDetailMachine = setup({
  types: {
    context: {} as LibraryDetailContext,
    events: {} as LibraryDetailEvent,
    emitted: {} as Notice,
    input: {} as { libraryId: string },
  },
  actors: {
    fetchEntries: getDocumentDataActor,
    saveEntries: editEntriesActor,
    removeEntries: removeEntriesActor,
  },
  guards: {
    draftInvalid: ({ context }) => draftProblem(context) !== null,
    hasMore: ({ context }) => hasMore(context),
    hasSelection: ({ context }) => context.selected.length > 0,
  },
  actions: {
    rememberFailure: assign((_, error: unknown) => ({ ...describeError(error, DETAIL_FAILED_KEY), errorParams: undefined })),
    restore: assign(({ context }) => (context.backup ? { rows: context.backup.rows, total: context.backup.total, backup: null } : {})),
  },
}).createMachine({
  id: 'libraryDetail',
  context: ({ input }) => ({
    libraryId: input.libraryId,
    library: null,
    rows: [],
    total: 0,
    page: 1,
    keyword: '',
    selected: [],
    draft: null,
    backup: null,
    pendingDelete: [],
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'fetchEntries',
        src: 'fetchEntries',
        input: ({ context }) => ({
          id: context.libraryId,
          pageNum: 1,
          pageSize: ENTRY_PAGE_SIZE,
          ...(context.keyword ? { keyword: context.keyword } : {}),
        }),
        onDone: {
          target: 'ready',
          actions: assign(({ context, event }) => ({
            library: event.output.library,
            rows: event.output.rows,
            total: event.output.total,
            page: 1,
            backup: null,
            // Selected entries no longer listed drop out of the selection.
            selected: context.selected.filter((id) => event.output.rows.some((row) => row.id === id)),
          })),
        },
        onError: { target: 'failed', actions: { type: 'rememberFailure', params: ({ event }: { event: { error: unknown } }) => event.error } },
      },
    },
    failed: {
      on: { 'entries.retry': { target: 'loading', actions: assign(noError) } },
    },
    ready: {
      on: {
        'entries.search': {
          target: 'loading',
          actions: assign(({ event }) => ({ keyword: event.keyword.trim().slice(0, 100), draft: null, selected: [], ...noError })),
        },
        'entries.reload': { target: 'loading' },
        'entries.loadMore': { guard: 'hasMore', target: 'loadingMore' },
        'entry.addRequested': { actions: assign({ draft: { id: null, source: '', target: '' }, ...noError }) },
        'entry.editRequested': {
          actions: assign(({ event }) => ({ draft: { id: event.entry.id, source: event.entry.source, target: event.entry.target ?? '' }, ...noError })),
        },
        'entry.draftChanged': {
          actions: assign(({ context, event }) => ({
            draft: context.draft
              ? {
                  ...context.draft,
                  ...(event.source !== undefined ? { source: event.source } : {}),
                  ...(event.target !== undefined ? { target: event.target } : {}),
                }
              : null,
            ...noError,
          })),
        },
        'entry.editCancelled': { actions: assign({ draft: null, ...noError }) },
        'entry.submitted': [
          { guard: ({ context }) => context.draft === null },
          { guard: 'draftInvalid', actions: assign(({ context }) => problemError(draftProblem(context)!)) },
          {
            target: 'saving',
            actions: assign(({ context }) => ({ backup: { rows: context.rows, total: context.total }, ...applyDraft(context), ...noError })),
          },
        ],
        'entry.deleteRequested': {
          target: 'deleting',
          actions: assign(({ context, event }) => ({ pendingDelete: [event.id], ...noError, draft: context.draft?.id === event.id ? null : context.draft })),
        },
        'entries.selectionToggled': {
          actions: assign(({ context, event }) => ({
            selected: context.selected.includes(event.id) ? context.selected.filter((id) => id !== event.id) : [...context.selected, event.id],
          })),
        },
        'entries.allToggled': {
          actions: assign(({ context }) => ({
            selected: context.selected.length === context.rows.length ? [] : context.rows.map((row) => row.id),
          })),
        },
        'entries.bulkDeleteRequested': { guard: 'hasSelection', target: 'confirmingBulkDelete' },
      },
    },
    loadingMore: {
      invoke: {
        id: 'fetchMore',
        src: 'fetchEntries',
        input: ({ context }) => ({
          id: context.libraryId,
          pageNum: context.page + 1,
          pageSize: ENTRY_PAGE_SIZE,
          ...(context.keyword ? { keyword: context.keyword } : {}),
        }),
        onDone: {
          target: 'ready',
          actions: assign(({ context, event }) => {
            const known = new Set(context.rows.map((row) => row.id));
            return {
              rows: [...context.rows, ...event.output.rows.filter((row) => !known.has(row.id))],
              total: event.output.total,
              page: context.page + 1,
            };
          }),
        },
        onError: { target: 'ready', actions: { type: 'rememberFailure', params: ({ event }: { event: { error: unknown } }) => event.error } },
      },
    },
    saving: {
      invoke: {
        id: 'saveEntries',
        src: 'saveEntries',
        input: ({ context }) => {
          const draft = context.draft!;
          const paired = context.library ? isPairedKind(context.library.kind) : false;
          return {
            documentId: context.libraryId,
            entries: [{ ...(draft.id ? { id: draft.id } : {}), source: draft.source.trim(), ...(paired ? { target: draft.target.trim() } : {}) }],
          };
        },
        // Read again: a new entry gets its id, and a duplicate merged by the server disappears.
        onDone: {
          target: 'loading',
          actions: [
            assign({ draft: null }),
            emit(({ event }) =>
              event.output
                ? { type: 'notice' as const, level: 'success' as const, message: event.output }
                : { type: 'notice' as const, level: 'success' as const, messageKey: 'vocabulary:entrySaved' },
            ),
          ],
        },
        onError: { target: 'ready', actions: ['restore', { type: 'rememberFailure', params: ({ event }: { event: { error: unknown } }) => event.error }] },
      },
    },
    confirmingBulkDelete: {
      on: {
        'entries.bulkDeleteConfirmed': { target: 'deleting', actions: assign(({ context }) => ({ pendingDelete: context.selected, ...noError })) },
        'entries.bulkDeleteCancelled': 'ready',
      },
    },
    deleting: {
      entry: assign(({ context }) => ({
        backup: { rows: context.rows, total: context.total },
        rows: context.rows.filter((row) => !context.pendingDelete.includes(row.id)),
        total: Math.max(0, context.total - context.pendingDelete.length),
      })),
      invoke: {
        id: 'removeEntries',
        src: 'removeEntries',
        input: ({ context }) => ({ documentId: context.libraryId, ids: context.pendingDelete }),
        onDone: {
          target: 'ready',
          actions: [
            emit(({ context }) => ({
              type: 'notice' as const,
              level: 'success' as const,
              messageKey: 'vocabulary:entriesDeleted',
              messageParams: { count: context.pendingDelete.length },
            })),
            assign(({ context }) => ({
              selected: context.selected.filter((id) => !context.pendingDelete.includes(id)),
              pendingDelete: [],
              backup: null,
            })),
          ],
        },
        onError: {
          target: 'ready',
          actions: ['restore', assign({ pendingDelete: [] }), { type: 'rememberFailure', params: ({ event }: { event: { error: unknown } }) => event.error }],
        },
      },
    },
  },
});

export type LibraryDetailPhase = 'loading' | 'failed' | 'ready' | 'loadingMore' | 'saving' | 'confirmingBulkDelete' | 'deleting';
type Snapshot = { value: unknown; context: LibraryDetailContext };
export const selectLibraryDetailPhase = (snapshot: Snapshot) => snapshot.value as LibraryDetailPhase;
export const selectLibraryDetail = (snapshot: Snapshot) => snapshot.context;
export const selectHasMoreEntries = (snapshot: Snapshot) => hasMore(snapshot.context);
