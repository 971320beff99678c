// Vocabulary answers the client shows as they are (namespace vocabularyServer). Another user's
// library answers exactly like a missing one, so ids reveal nothing.
import { VOCABULARY_ENTRY_CHARS, VOCABULARY_NAME_MAX, type VocabularyKindName } from '../../../../src/shared/contract/vocabulary-limits';
import { AppError } from '../../errors';
import type { DisplayNameProblem } from '../records/display-name';
import type { EntryProblem } from './entry-rules';

// Messages nest the translated kind and column names themselves ($t(vocabulary:kindInText.{{kind}}),
// the words each kind has in every locale's vocabulary.json), so params carry plain codes.
const NS = 'vocabularyServer:';

export const libraryNotFound = () => new AppError(404, `${NS}notFound`);
export const entryNotFound = () => new AppError(404, `${NS}entryNotFound`);
export const languagesRequired = () => new AppError(400, `${NS}languagesRequired`);

export const kindMismatch = (kind: VocabularyKindName) => new AppError(400, `${NS}kindMismatch`, { kind });

export function libraryNameProblem(problem: DisplayNameProblem): AppError {
  if (problem === 'empty') return new AppError(400, `${NS}nameEmpty`);
  if (problem === 'tooLong') return new AppError(400, `${NS}nameTooLong`, { limit: VOCABULARY_NAME_MAX });
  return new AppError(400, `${NS}nameControl`);
}

/** The first problem of a refused hand edit; `position` counts entries of the request from 1. */
export function entryProblem(kind: VocabularyKindName, position: number, problem: EntryProblem): AppError {
  if (problem === 'empty') return new AppError(400, `${NS}entryEmpty`, { position });
  if (problem === 'tooLong') return new AppError(400, `${NS}entryTooLong`, { position, limit: VOCABULARY_ENTRY_CHARS[kind] });
  if (problem === 'control') return new AppError(400, `${NS}entryControl`, { position });
  return new AppError(400, `${NS}entryBothRequired`, { position, kind });
}

export const overHandCap = (kind: VocabularyKindName, limit: number, count: number) =>
  new AppError(400, `${NS}overCap`, { kind, limit, count });

export const overImportCap = (kind: VocabularyKindName, limit: number) => new AppError(400, `${NS}overImportCap`, { kind, limit });

