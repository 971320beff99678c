// In-memory VocabularySource for tests and the benchmark (the library store is vocab-server's).
import type { VocabularySet, VocabularySource } from '../domain/vocabulary/vocabulary-source';
import { EMPTY_VOCABULARY } from '../domain/vocabulary/vocabulary-source';

export function vocabularySet(partial: Partial<VocabularySet>): VocabularySet {
  return { ...EMPTY_VOCABULARY, ...partial };
}

/** Libraries by id, each owned by one user; `defaults` are the ids a user marked as default. */
export function memoryVocabularySource(libraries: Record<string, { userId: string; name: string; set: Partial<VocabularySet>; isDefault?: boolean }>): VocabularySource & { calls: string[] } {
  const calls: string[] = [];
  const merge = (ids: string[]): VocabularySet => {
    const out: VocabularySet = { libraries: [], properWords: [], terms: [], sensitiveWords: [], replacements: [] };
    for (const id of ids) {
      const library = libraries[id]!;
      const set = vocabularySet(library.set);
      const kind = set.properWords.length ? 'properWords' : set.terms.length ? 'translationTerms' : set.sensitiveWords.length ? 'sensitiveWords' : 'wordReplacement';
      out.libraries.push({ id, name: library.name, kind });
      out.properWords.push(...set.properWords);
      out.terms.push(...set.terms);
      out.sensitiveWords.push(...set.sensitiveWords);
      out.replacements.push(...set.replacements);
    }
    return out;
  };
  return {
    calls,
    async byIds(userId, ids) {
      calls.push(`byIds:${userId}:${ids.join(',')}`);
      return merge(ids.filter((id) => libraries[id]?.userId === userId));
    },
    async defaults(userId) {
      calls.push(`defaults:${userId}`);
      return merge(Object.keys(libraries).filter((id) => libraries[id]!.userId === userId && libraries[id]!.isDefault));
    },
  };
}
