// The library store as the engines see it (vocabulary-source.ts): the libraries a meeting picked, or
// the user's defaults, merged into one VocabularySet. Only the user's own libraries are ever read;
// unknown or foreign ids are skipped. With an entitlements module, kinds the user's tier does not
// allow (SVIP only, BILLING=off lifts it) contribute nothing: a library outlives its membership but
// steers nothing until the membership is back.
import type { Kysely } from 'kysely';
import type { Database, VocabularyLibraryRow } from '../../db/schema';
import type { Entitlements } from '../entitlements/entitlements-service';
import { featureOf } from './vocabulary-gate';
import { EMPTY_VOCABULARY, type VocabularySet, type VocabularySource } from './vocabulary-source';

/** Ids a meeting may name at most (the contract caps documentIds; this bounds the query too). */
const MAX_IDS = 100;

export function createLibrarySource(deps: { db: Kysely<Database>; entitlements?: Entitlements }): VocabularySource {
  const { db, entitlements } = deps;

  async function allowedKinds(userId: string): Promise<(kind: VocabularyLibraryRow['kind']) => boolean> {
    if (!entitlements) return () => true;
    const user = await db.selectFrom('users').select(['id', 'is_visitor']).where('id', '=', userId).executeTakeFirst();
    if (!user) return () => false;
    const { rule } = await entitlements.account(user);
    return (kind) => rule.features[featureOf(kind)];
  }

  async function merged(userId: string, libraries: VocabularyLibraryRow[]): Promise<VocabularySet> {
    const allowed = await allowedKinds(userId);
    const used = libraries.filter((l) => allowed(l.kind));
    if (used.length === 0) return { ...EMPTY_VOCABULARY, libraries: [] };
    const entries = await db
      .selectFrom('vocabulary_entries')
      .select(['library_id', 'source', 'source_key', 'target'])
      .where('library_id', 'in', used.map((l) => l.id))
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    const byLibrary = new Map(used.map((l) => [l.id, l]));
    const set: VocabularySet = { libraries: used.map((l) => ({ id: l.id, name: l.name, kind: l.kind })), properWords: [], terms: [], sensitiveWords: [], replacements: [] };
    // The same word in two libraries is one word; the first library named (then oldest entry) wins.
    const seen = new Set<string>();
    const order = new Map(used.map((l, index) => [l.id, index]));
    entries.sort((a, b) => order.get(a.library_id)! - order.get(b.library_id)!);
    for (const entry of entries) {
      const library = byLibrary.get(entry.library_id)!;
      const dedupeKey = library.kind === 'translationTerms' ? `${library.kind}|${library.language}|${library.translation_language}|${entry.source_key}` : `${library.kind}|${entry.source_key}`;
      if (seen.has(dedupeKey)) continue;
      seen.add(dedupeKey);
      if (library.kind === 'properWords') set.properWords.push(entry.source);
      else if (library.kind === 'sensitiveWords') set.sensitiveWords.push(entry.source);
      else if (library.kind === 'wordReplacement') set.replacements.push({ before: entry.source, after: entry.target ?? '' });
      else set.terms.push({ original: entry.source, translation: entry.target ?? '', originalLanguage: library.language ?? '', translationLanguage: library.translation_language ?? '' });
    }
    return set;
  }

  return {
    async byIds(userId, libraryIds) {
      const ids = [...new Set(libraryIds)].slice(0, MAX_IDS);
      if (ids.length === 0) return { ...EMPTY_VOCABULARY, libraries: [] };
      const rows = await db.selectFrom('vocabulary_libraries').selectAll().where('user_id', '=', userId).where('id', 'in', ids).execute();
      const position = new Map(ids.map((id, index) => [id, index]));
      rows.sort((a, b) => position.get(a.id)! - position.get(b.id)!);
      return merged(userId, rows);
    },
    async defaults(userId) {
      const rows = await db.selectFrom('vocabulary_libraries').selectAll().where('user_id', '=', userId).where('is_default', '=', 1).orderBy('created_at').orderBy('id').execute();
      return merged(userId, rows);
    },
  };
}
