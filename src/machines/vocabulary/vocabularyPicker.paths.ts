// Path model of the vocabulary picker: the library double answers two libraries, except when the
// host's earlier pick names 'gone' (the load fails, so failed and retry are reached).
import { fromPromise, type AnyMachineSnapshot } from 'xstate';
import type { VocabularyLibraryPage } from '../../api/vocabulary/get-document-list';
import type { PathsModel } from '../../testing/paths';
import { vocabularyPickerMachine, type VocabularyPickerContext } from './vocabularyPicker.machine';

export const LIBRARIES: VocabularyLibraryPage = {
  total: 2,
  rows: [
    { id: 'lib-proper', kind: 'properWords', name: 'Vendors', wordCount: 12, createTime: '2026-01-01 10:00:00' },
    { id: 'lib-sensitive', kind: 'sensitiveWords', name: 'Hidden', wordCount: 3, createTime: '2026-01-02 10:00:00' },
  ],
};
const OFFLINE = new Error('offline');
const failing = (snapshot: AnyMachineSnapshot) => (snapshot.context as VocabularyPickerContext).confirmed.includes('gone');

export const vocabularyPickerDoubles = {
  loadLibraries: fromPromise<VocabularyLibraryPage, { picked: string[] }>(async ({ input }) => {
    if (input.picked.includes('gone')) throw OFFLINE;
    return LIBRARIES;
  }),
};

export const pathsModel: PathsModel = {
  name: 'vocabularyPicker',
  machine: vocabularyPickerMachine.provide({ actors: vocabularyPickerDoubles }),
  inputs: [{}, { confirmed: ['gone'] }],
  serializeContext: (context: VocabularyPickerContext) => ({ selected: context.selected.length, confirmed: context.confirmed.length, loaded: context.libraries.length }),
  events: {
    'picker.open': [{ type: 'picker.open' }],
    'picker.toggle': [{ type: 'picker.toggle', id: 'lib-proper' }],
    'picker.confirm': [{ type: 'picker.confirm' }],
    'picker.cancel': [{ type: 'picker.cancel' }],
    'picker.retry': [{ type: 'picker.retry' }],
    'xstate.done.actor.loadLibraries': (snapshot) => (failing(snapshot) ? [] : [{ type: 'xstate.done.actor.loadLibraries', output: LIBRARIES }]),
    'xstate.error.actor.loadLibraries': (snapshot) => (failing(snapshot) ? [{ type: 'xstate.error.actor.loadLibraries', error: OFFLINE }] : []),
  },
  skipSimplePaths: true,
};
