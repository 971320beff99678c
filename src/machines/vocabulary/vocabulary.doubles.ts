// Fixed libraries and entries for the vocabulary machines' tests and path models.
import type { VocabularyEntry, VocabularyLibrary } from '../../api/vocabulary/types';
import type { KindCounts } from './libraryList.machine';
import { byKind } from '../../shared/contract/vocabulary-kinds';

export const WORDS: VocabularyLibrary = {
  id: 'L1',
  kind: 'properWords',
  name: 'Product names',
  language: 'en-US',
  translationLanguage: null,
  wordCount: 2,
  isDefault: false,
  createTime: '2026-11-20 10:00:00',
};
export const TERMS: VocabularyLibrary = {
  id: 'L2',
  kind: 'translationTerms',
  name: 'Glossary',
  language: 'en-US',
  translationLanguage: 'es-ES',
  wordCount: 1,
  isDefault: true,
  createTime: '2026-11-21 10:00:00',
};
/** A library the doubles refuse to change (as the server refuses another user's id). */
export const LOCKED: VocabularyLibrary = { ...WORDS, id: 'LOCKED', name: 'Locked' };
/** Every kind empty but these two (a kind added to the one list starts at 0 here). */
export const COUNTS: KindCounts = { ...byKind(() => 0), properWords: 2, translationTerms: 1 };

export const ALPHA: VocabularyEntry = { id: 'E1', source: 'Parley', target: null };
export const BETA: VocabularyEntry = { id: 'E2', source: 'Kysely', target: null };
/** An entry the doubles refuse to delete. */
export const STUCK: VocabularyEntry = { id: 'STUCK', source: 'Stuck', target: null };
export const ENTRIES: VocabularyEntry[] = [ALPHA, BETA, STUCK];
/** A source text the save double refuses, as the server refuses a word it finds invalid. */
export const REFUSED_SOURCE = 'Refused';
export const REFUSAL = { kind: 'business', code: 500, message: 'Refused by the server' };
export const NO_BENEFIT = { kind: 'entitlement', code: 92505003, messageKey: 'api:noBenefit' };

export function entriesOfPage(page: number, pageSize: number, all: VocabularyEntry[]) {
  return all.slice((page - 1) * pageSize, page * pageSize);
}

export function xlsxFile(name = 'words.xlsx', size = 2048): File {
  return new File([new Uint8Array(size)], name, { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
}
