// What the meeting's vocabulary changes in what a reader sees: others than the host read the
// sensitive words masked; the host's view lists the libraries picked and those in force now
// (features §5: shown on the record).
import type { VocabularyInForce } from '../vocabulary/vocabulary-in-force';
import type { TextMask } from './meeting-share-record';
import type { MeetingRow } from './meeting-tables';

export function createMeetingVocabulary(vocabulary: Pick<VocabularyInForce, 'forMeeting' | 'meetingLibraryIds'>) {
  return {
    /** Readers other than the host see the meeting's sensitive words masked; the host reads the original. */
    async maskFor(meeting: MeetingRow, viewerId: string | null): Promise<TextMask | undefined> {
      if (viewerId === meeting.user_id) return undefined;
      const inForce = await vocabulary.forMeeting(meeting);
      return inForce?.hasSensitiveWords ? (text) => inForce.mask(text) : undefined;
    },

    /** The host's view adds the libraries picked and those that apply now; others' views are as given. */
    async withVocabularies<V extends object>(row: MeetingRow, viewerId: string | null, view: V) {
      if (viewerId !== row.user_id) return view;
      const [documentIds, inForce] = await Promise.all([vocabulary.meetingLibraryIds(row.id), vocabulary.forMeeting(row)]);
      return { ...view, documentIds, vocabularies: inForce?.set.libraries ?? [] };
    },
  };
}
