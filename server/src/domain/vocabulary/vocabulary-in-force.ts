// Which vocabulary applies to a piece of work (features §5, §6): a meeting uses the libraries its
// host picked (stored as meetings.document_ids), an upload (and later a dubbing task) the libraries
// its owner marked as default. Vocabulary is SVIP only: each kind applies only when the owner's tier
// has its feature (tier-rules.ts; BILLING=off lifts the gate), so a lapsed SVIP's libraries stay
// stored but steer nothing. The libraries that applied are written on the record for it to show.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Entitlements } from '../entitlements/entitlements-service';
import type { TierRule } from '../entitlements/tier-rules';
import { compileVocabulary, type CompiledVocabulary } from './compiled-vocabulary';
import { featureOf } from './vocabulary-gate';
import { EMPTY_VOCABULARY, type LibraryKind, type VocabularySet, type VocabularySource } from './vocabulary-source';

/** Columns of 0015, kept apart from the shared row types (as RecordPipelineColumns is). */
export type VocabularyColumns = {
  meetings: { id: string; document_ids: string | null };
  records: { id: string; vocabularies: string | null };
};

export type LibraryInForce = VocabularySet['libraries'][number];

/**
 * Replaced by the library store at merge: the libraries (tables, CRUD, import) are built apart, and
 * until their VocabularySource is wired in, no user has any library.
 */
export const NO_LIBRARIES: VocabularySource = {
  byIds: async () => EMPTY_VOCABULARY,
  defaults: async () => EMPTY_VOCABULARY,
};

/** Only the kinds the tier allows. */
export function gated(set: VocabularySet, rule: TierRule): VocabularySet {
  const allowed = (kind: LibraryKind) => rule.features[featureOf(kind)];
  return {
    libraries: set.libraries.filter((library) => allowed(library.kind)),
    properWords: allowed('properWords') ? set.properWords : [],
    terms: allowed('translationTerms') ? set.terms : [],
    sensitiveWords: allowed('sensitiveWords') ? set.sensitiveWords : [],
    replacements: allowed('wordReplacement') ? set.replacements : [],
  };
}

export interface VocabularyInForce {
  /** The meeting's picked libraries; null when none applies. */
  forMeeting(meeting: { id: string; user_id: string }): Promise<CompiledVocabulary | null>;
  /** The owner's default libraries (uploads, dubbing); null when none applies. */
  forUpload(userId: string): Promise<CompiledVocabulary | null>;
  /** Stores the libraries a meeting uses (ids as given; the source skips ids the user does not own). */
  setMeetingLibraries(meetingId: string, documentIds: readonly string[]): Promise<void>;
  meetingLibraryIds(meetingId: string): Promise<string[]>;
  /** Writes the libraries in force on the record (what its answer shows). */
  noteOnRecord(recordId: string, vocabulary: CompiledVocabulary | null): Promise<void>;
  librariesOfRecord(recordId: string): Promise<LibraryInForce[]>;
}

export function createVocabularyInForce(deps: { db: Kysely<Database>; source: VocabularySource; entitlements: Entitlements }): VocabularyInForce {
  const db = deps.db.withTables<VocabularyColumns>();

  async function applicable(userId: string, read: () => Promise<VocabularySet>): Promise<CompiledVocabulary | null> {
    const user = await deps.db.selectFrom('users').select(['id', 'is_visitor']).where('id', '=', userId).executeTakeFirst();
    if (!user || user.is_visitor) return null;
    const { rule } = await deps.entitlements.account(user);
    if (!Object.values(rule.features).some(Boolean)) return null;
    const vocabulary = compileVocabulary(gated(await read(), rule));
    return vocabulary.isEmpty ? null : vocabulary;
  }

  async function meetingLibraryIds(meetingId: string): Promise<string[]> {
    const row = await db.selectFrom('meetings').select('document_ids').where('id', '=', meetingId).executeTakeFirst();
    return parseList<string>(row?.document_ids).filter((id) => typeof id === 'string');
  }

  return {
    async forMeeting(meeting) {
      const ids = await meetingLibraryIds(meeting.id);
      if (ids.length === 0) return null;
      return applicable(meeting.user_id, () => deps.source.byIds(meeting.user_id, ids));
    },
    forUpload: (userId) => applicable(userId, () => deps.source.defaults(userId)),
    async setMeetingLibraries(meetingId, documentIds) {
      await db.updateTable('meetings').set({ document_ids: JSON.stringify([...new Set(documentIds)]) }).where('id', '=', meetingId).execute();
    },
    meetingLibraryIds,
    async noteOnRecord(recordId, vocabulary) {
      const libraries = vocabulary?.set.libraries ?? [];
      await db.updateTable('records').set({ vocabularies: libraries.length ? JSON.stringify(libraries) : null }).where('id', '=', recordId).execute();
    },
    async librariesOfRecord(recordId) {
      const row = await db.selectFrom('records').select('vocabularies').where('id', '=', recordId).executeTakeFirst();
      return parseList<LibraryInForce>(row?.vocabularies);
    },
  };
}

function parseList<T>(text: string | null | undefined): T[] {
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? (value as T[]) : [];
  } catch {
    return [];
  }
}
