// Picking the vocabulary libraries a meeting uses (features §5 Vocabulary): opening the picker loads
// the user's libraries (every kind, one page of the most the contract allows), the host ticks some
// and confirms — the confirmed ids go to the meeting setup (setup.pickLibraries) — or cancels, which
// keeps what was confirmed before. A failed load can be retried.
import { assign, fromPromise, setup } from 'xstate';
import { getDocumentList, type VocabularyLibrary, type VocabularyLibraryPage } from '../../api/vocabulary/get-document-list';

/** The contract's largest page: more libraries than a host picks from. */
export const PICKER_PAGE_SIZE = 100;

export interface VocabularyPickerInput {
  confirmed?: string[];
}

export interface VocabularyPickerContext {
  libraries: VocabularyLibrary[];
  /** Ticked in the open picker. */
  selected: string[];
  /** Last confirmed: what the meeting uses. */
  confirmed: string[];
}

export type VocabularyPickerEvent =
  | { type: 'picker.open' }
  | { type: 'picker.toggle'; id: string }
  | { type: 'picker.confirm' }
  | { type: 'picker.cancel' }
  | { type: 'picker.retry' };

export const vocabularyPickerMachine = setup({
  types: {
    context: {} as VocabularyPickerContext,
    events: {} as VocabularyPickerEvent,
    input: {} as VocabularyPickerInput,
  },
  actors: {
    // The call needs no input; the pick is passed so test doubles can answer by scenario.
    loadLibraries: fromPromise<VocabularyLibraryPage, { picked: string[] }>(({ signal }) => getDocumentList({ pageNum: 1, pageSize: PICKER_PAGE_SIZE }, signal)),
  },
  actions: {
    toggle: assign({
      selected: ({ context, event }) => {
        if (event.type !== 'picker.toggle') return context.selected;
        return context.selected.includes(event.id) ? context.selected.filter((id) => id !== event.id) : [...context.selected, event.id];
      },
    }),
  },
}).createMachine({
  id: 'vocabularyPicker',
  context: ({ input }) => ({ libraries: [], selected: [...(input.confirmed ?? [])], confirmed: [...(input.confirmed ?? [])] }),
  initial: 'closed',
  states: {
    closed: { on: { 'picker.open': { target: 'loading', actions: assign({ selected: ({ context }) => [...context.confirmed] }) } } },
    loading: {
      invoke: {
        src: 'loadLibraries',
        id: 'loadLibraries',
        input: ({ context }) => ({ picked: context.confirmed }),
        onDone: {
          target: 'choosing',
          // A library deleted since it was picked drops out of the selection.
          actions: assign(({ context, event }) => ({
            libraries: event.output.rows,
            selected: context.selected.filter((id) => event.output.rows.some((library) => library.id === id)),
          })),
        },
        onError: 'failed',
      },
      on: { 'picker.cancel': 'closed' },
    },
    choosing: {
      on: {
        'picker.toggle': { actions: 'toggle' },
        'picker.confirm': { target: 'closed', actions: assign({ confirmed: ({ context }) => [...context.selected] }) },
        'picker.cancel': 'closed',
      },
    },
    failed: { on: { 'picker.retry': 'loading', 'picker.cancel': 'closed' } },
  },
});

type Snapshot = { context: VocabularyPickerContext; matches(value: unknown): boolean };
export const selectPickerOpen = (snapshot: Snapshot) => !snapshot.matches('closed');
export const selectPickerLoading = (snapshot: Snapshot) => snapshot.matches('loading');
export const selectPickerFailed = (snapshot: Snapshot) => snapshot.matches('failed');
export const selectPickerLibraries = (snapshot: Snapshot) => snapshot.context.libraries;
export const selectPickerSelected = (snapshot: Snapshot) => snapshot.context.selected;
export const selectPickerConfirmed = (snapshot: Snapshot) => snapshot.context.confirmed;
