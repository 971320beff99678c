// The /vocabulary page (features §2, §3): libraries by kind in tabs with a count per kind, paged;
// create and rename in a dialog (name checked here before any call, language for the kinds that
// have one), delete after a confirmation, and the default toggle (libraries applied to uploads and
// dubbing). The writes are checked calls: the api layer toasts a refusal and opens the purchase
// dialog on 92505003; the machine keeps the refusal too, so the dialog shows it in place. The list
// read is quiet (the meeting setup's picker shares it): its 92505003 asks for the purchase dialog
// through `purchase.needed`, so an account without SVIP lands on the offer either way.
import { assign, emit, enqueueActions, fromPromise, setup } from 'xstate';
import { ENTITLEMENT_PURCHASE_TAB, type PurchaseTab } from '../../shared/contract/purchase-tabs';
import { getDocumentList } from '../../api/vocabulary/get-document-list';
import { editLibraryActor } from '../../api/vocabulary/edit';
import { removeLibrariesActor } from '../../api/vocabulary/remove';
import type { VocabularyKind, VocabularyLibrary, VocabularyLibraryPage } from '../../api/vocabulary/types';
import { describeError, type ErrorText } from '../../api/errors';
import { VOCABULARY_KINDS, VOCABULARY_NAME_MAX } from '../../shared/contract/vocabulary-limits';
import { byKind, kindHasLanguage, kindHasTranslationLanguage } from '../../shared/contract/vocabulary-kinds';
import type { Notice } from '../notice';
import { libraryNameProblem } from './vocabulary.rules';

export const LIBRARY_PAGE_SIZE = 10;
export const LIST_FAILED_KEY = 'vocabulary:loadFailed';
export const DEFAULT_LANGUAGE = 'en-US';
export const DEFAULT_TRANSLATION_LANGUAGE = 'es-ES';

export type KindCounts = Record<VocabularyKind, number>;

export interface LibraryDraft {
  mode: 'create' | 'rename';
  id?: string;
  name: string;
  language: string;
  translationLanguage: string;
}

export interface LibraryListContext extends ErrorText {
  kind: VocabularyKind;
  page: number;
  rows: VocabularyLibrary[];
  total: number;
  counts: KindCounts;
  draft: LibraryDraft | null;
  errorParams?: Record<string, string | number> | undefined;
  pendingDelete: VocabularyLibrary | null;
  /** The library whose default flag is being saved. */
  pendingDefault: VocabularyLibrary | null;
}

export interface LibraryListLoad {
  kind: VocabularyKind;
  page: number;
}

export interface LibraryListAnswer {
  page: VocabularyLibraryPage;
  counts: KindCounts;
}

export type LibraryListEvent =
  | { type: 'libraries.kindChanged'; kind: VocabularyKind }
  | { type: 'libraries.pageChanged'; page: number }
  | { type: 'libraries.retry' }
  | { type: 'library.createRequested' }
  | { type: 'library.renameRequested'; library: VocabularyLibrary }
  | { type: 'library.draftChanged'; name?: string; language?: string; translationLanguage?: string }
  | { type: 'library.submitted' }
  | { type: 'library.cancelled' }
  | { type: 'library.deleteRequested'; library: VocabularyLibrary }
  | { type: 'library.deleteConfirmed' }
  | { type: 'library.defaultToggled'; library: VocabularyLibrary };

/** The catalogue's "no such right" (SVIP only). */
export const NO_BENEFIT_CODE = 92505003;
export const PURCHASE_TAB = ENTITLEMENT_PURCHASE_TAB;
const isNoBenefit = (error: unknown) => (error as { code?: unknown } | null)?.code === NO_BENEFIT_CODE;

/** `library.created` lets the route open the new library's detail page; `purchase.needed` the purchase dialog. */
export type LibraryListEmitted = Notice | { type: 'library.created'; id: string } | { type: 'purchase.needed'; tab: PurchaseTab };

/** The page of one kind and the count of every kind (each other kind read as a page of one). */
export async function loadLibraries({ kind, page }: LibraryListLoad, signal?: AbortSignal): Promise<LibraryListAnswer> {
  const [current, ...others] = await Promise.all([
    getDocumentList({ kind, pageNum: page, pageSize: LIBRARY_PAGE_SIZE }, signal),
    ...VOCABULARY_KINDS.filter((other) => other !== kind).map((other) =>
      getDocumentList({ kind: other, pageNum: 1, pageSize: 1 }, signal).then((answer) => [other, answer.total] as const),
    ),
  ]);
  const counts = Object.fromEntries([[kind, current.total], ...others]) as KindCounts;
  return { page: current, counts };
}

export const loadLibrariesActor = fromPromise<LibraryListAnswer, LibraryListLoad>(({ input, signal }) => loadLibraries(input, signal));

const noError = { errorKey: undefined, errorMessage: undefined, errorCode: undefined, errorParams: undefined } as const;
const emptyCounts = (): KindCounts => byKind(() => 0);
export const pageCount = (total: number) => Math.max(1, Math.ceil(total / LIBRARY_PAGE_SIZE));
/** Kinds whose libraries name a language; terms name a translation language too (vocabulary-kinds.ts). */
export { kindHasLanguage, kindHasTranslationLanguage };

export const libraryListMachine = setup({
  types: {
    context: {} as LibraryListContext,
    events: {} as LibraryListEvent,
    emitted: {} as LibraryListEmitted,
    input: {} as { kind?: VocabularyKind } | undefined,
  },
  actors: {
    loadLibraries: loadLibrariesActor,
    saveLibrary: editLibraryActor,
    removeLibraries: removeLibrariesActor,
  },
  guards: {
    draftInvalid: ({ context }) => libraryNameProblem(context.draft?.name ?? '') !== null,
    pageInRange: ({ context, event }) =>
      event.type === 'libraries.pageChanged' && event.page >= 1 && event.page <= pageCount(context.total) && event.page !== context.page,
    otherKind: ({ context, event }) => event.type === 'libraries.kindChanged' && event.kind !== context.kind,
  },
  actions: {
    rememberFailure: assign((_, error: unknown) => ({ ...describeError(error, LIST_FAILED_KEY), errorParams: undefined })),
    askForPurchase: enqueueActions(({ context, enqueue }) => {
      if (context.errorCode === NO_BENEFIT_CODE) enqueue.emit({ type: 'purchase.needed', tab: PURCHASE_TAB });
    }),
  },
}).createMachine({
  id: 'libraryList',
  context: ({ input }) => ({
    kind: input?.kind ?? 'properWords',
    page: 1,
    rows: [],
    total: 0,
    counts: emptyCounts(),
    draft: null,
    pendingDelete: null,
    pendingDefault: null,
  }),
  initial: 'loading',
  on: {
    'libraries.kindChanged': {
      guard: 'otherKind',
      target: '.loading',
      actions: assign(({ event }) => ({ kind: event.kind, page: 1, rows: [], total: 0, ...noError })),
    },
  },
  states: {
    loading: {
      invoke: {
        id: 'loadLibraries',
        src: 'loadLibraries',
        input: ({ context }) => ({ kind: context.kind, page: context.page }),
        onDone: [
          {
            // A delete that emptied the last page: show the page before it.
            guard: ({ context, event }) => event.output.page.rows.length === 0 && context.page > 1,
            target: 'loading',
            reenter: true,
            actions: assign(({ context }) => ({ page: context.page - 1 })),
          },
          {
            target: 'ready',
            actions: assign(({ event }) => ({ rows: event.output.page.rows, total: event.output.page.total, counts: event.output.counts })),
          },
        ],
        onError: {
          target: 'failed',
          actions: [{ type: 'rememberFailure', params: ({ event }: { event: { error: unknown } }) => event.error }, 'askForPurchase'],
        },
      },
    },
    failed: {
      on: { 'libraries.retry': { target: 'loading', actions: assign(noError) } },
    },
    ready: {
      on: {
        'libraries.pageChanged': { guard: 'pageInRange', target: 'loading', actions: assign(({ event }) => ({ page: event.page })) },
        'library.createRequested': {
          target: 'editing',
          actions: assign({
            draft: { mode: 'create', name: '', language: DEFAULT_LANGUAGE, translationLanguage: DEFAULT_TRANSLATION_LANGUAGE },
            ...noError,
          }),
        },
        'library.renameRequested': {
          target: 'editing',
          actions: assign(({ event }) => ({
            draft: {
              mode: 'rename' as const,
              id: event.library.id,
              name: event.library.name,
              language: event.library.language ?? DEFAULT_LANGUAGE,
              translationLanguage: event.library.translationLanguage ?? DEFAULT_TRANSLATION_LANGUAGE,
            },
            ...noError,
          })),
        },
        'library.deleteRequested': { target: 'confirmingDelete', actions: assign(({ event }) => ({ pendingDelete: event.library, ...noError })) },
        'library.defaultToggled': { target: 'savingDefault', actions: assign(({ event }) => ({ pendingDefault: event.library, ...noError })) },
      },
    },
    editing: {
      on: {
        'library.draftChanged': {
          actions: assign(({ context, event }) => ({
            draft: context.draft
              ? {
                  ...context.draft,
                  // The input is capped too; the cut keeps a pasted name within the limit (a few characters over still shows the rule).
                  ...(event.name !== undefined ? { name: [...event.name].slice(0, VOCABULARY_NAME_MAX + 10).join('') } : {}),
                  ...(event.language !== undefined ? { language: event.language } : {}),
                  ...(event.translationLanguage !== undefined ? { translationLanguage: event.translationLanguage } : {}),
                }
              : null,
            ...noError,
          })),
        },
        'library.submitted': [
          {
            guard: 'draftInvalid',
            actions: assign(({ context }) => {
              const problem = libraryNameProblem(context.draft?.name ?? '')!;
              return { errorKey: problem.key, errorParams: problem.params, errorMessage: undefined, errorCode: undefined };
            }),
          },
          { target: 'saving' },
        ],
        'library.cancelled': { target: 'ready', actions: assign({ draft: null, ...noError }) },
      },
    },
    saving: {
      invoke: {
        id: 'saveLibrary',
        src: 'saveLibrary',
        input: ({ context }) => {
          const draft = context.draft!;
          return {
            ...(draft.id ? { id: draft.id } : {}),
            kind: context.kind,
            name: draft.name.trim(),
            ...(kindHasLanguage(context.kind) ? { language: draft.language } : {}),
            ...(kindHasTranslationLanguage(context.kind) ? { translationLanguage: draft.translationLanguage } : {}),
          };
        },
        onDone: [
          {
            guard: ({ context }) => context.draft?.mode === 'create',
            target: 'loading',
            actions: [
              assign({ draft: null }),
              emit(({ event }) => ({ type: 'library.created' as const, id: event.output.id })),
              emit({ type: 'notice', level: 'success', messageKey: 'vocabulary:libraryCreated' }),
            ],
          },
          { target: 'loading', actions: [assign({ draft: null }), emit({ type: 'notice', level: 'success', messageKey: 'vocabulary:libraryRenamed' })] },
        ],
        onError: [
          {
            // Without SVIP the purchase dialog opens (the api layer asks for it): the form steps aside.
            guard: ({ event }) => isNoBenefit(event.error),
            target: 'ready',
            actions: [assign({ draft: null }), { type: 'rememberFailure', params: ({ event }: { event: { error: unknown } }) => event.error }],
          },
          { target: 'editing', actions: { type: 'rememberFailure', params: ({ event }: { event: { error: unknown } }) => event.error } },
        ],
      },
    },
    confirmingDelete: {
      on: {
        'library.deleteConfirmed': 'deleting',
        'library.cancelled': { target: 'ready', actions: assign({ pendingDelete: null }) },
      },
    },
    deleting: {
      invoke: {
        id: 'removeLibraries',
        src: 'removeLibraries',
        input: ({ context }) => ({ ids: [context.pendingDelete!.id] }),
        onDone: {
          target: 'loading',
          actions: [assign({ pendingDelete: null }), emit({ type: 'notice', level: 'success', messageKey: 'vocabulary:libraryDeleted' })],
        },
        onError: { target: 'confirmingDelete', actions: { type: 'rememberFailure', params: ({ event }: { event: { error: unknown } }) => event.error } },
      },
    },
    savingDefault: {
      // The flag flips at once in the list; a refusal puts it back.
      entry: assign(({ context }) => ({
        rows: context.rows.map((row) => (row.id === context.pendingDefault?.id ? { ...row, isDefault: !row.isDefault } : row)),
      })),
      invoke: {
        id: 'saveDefault',
        src: 'saveLibrary',
        input: ({ context }) => {
          const library = context.pendingDefault!;
          return { id: library.id, kind: library.kind, name: library.name, isDefault: !library.isDefault };
        },
        onDone: { target: 'ready', actions: assign({ pendingDefault: null }) },
        onError: {
          target: 'ready',
          actions: [
            assign(({ context }) => ({
              rows: context.rows.map((row) => (row.id === context.pendingDefault?.id ? { ...row, isDefault: context.pendingDefault.isDefault ?? false } : row)),
              pendingDefault: null,
            })),
            { type: 'rememberFailure', params: ({ event }: { event: { error: unknown } }) => event.error },
          ],
        },
      },
    },
  },
});

export type LibraryListPhase = 'loading' | 'failed' | 'ready' | 'editing' | 'saving' | 'confirmingDelete' | 'deleting' | 'savingDefault';
type Snapshot = { value: unknown; context: LibraryListContext };
export const selectLibraryListPhase = (snapshot: Snapshot) => snapshot.value as LibraryListPhase;
export const selectLibraryList = (snapshot: Snapshot) => snapshot.context;
