// The vocabulary shapes of the contract, named once for the area's calls and machines.
import type { components } from '../schema';

export type VocabularyKind = components['schemas']['VocabularyKind'];
export type VocabularyLibrary = components['schemas']['VocabularyLibrary'];
export type VocabularyLibraryPage = components['schemas']['VocabularyLibraryPage'];
export type VocabularyEntry = components['schemas']['VocabularyEntry'];
export type VocabularyEntryPage = components['schemas']['VocabularyEntryPage'];
export type VocabularyImportPreview = components['schemas']['VocabularyImportPreview'];
