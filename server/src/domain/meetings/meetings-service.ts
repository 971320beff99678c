// The meetings service: one object for the live hub (server/src/live) and the handlers, composed
// of the meeting's parts, each in its own file: lifecycle (create, list, edit, state changes),
// invitations, access (who may read, the view), the transcript written final by final, join
// records and cast screens. The parts share one store (tables, clock, the owner's read).
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import type { Database, UserRow } from '../../db/schema';
import { createMeetingAccess } from './meeting-access';
import { createMeetingInvitations } from './meeting-invitations';
import { createMeetingJoins } from './meeting-joins';
import { createMeetingLifecycle } from './meeting-lifecycle';
import { createMeetingScreens } from './meeting-screens';
import { createMeetingSpeakers, type DefaultSpeakerName } from './meeting-speakers';
import { createMeetingStore } from './meeting-store';
import { createMeetingTranscriptLog } from './meeting-transcript-log';

export { checkLanguages, type CreateMeetingInput, type EditMeetingInput } from './meeting-lifecycle';
export type { FinalCompletion, FinalToStore, StoredRecordLines } from './meeting-transcript-log';
export type { ScreenOperation } from './meeting-screens';
export { displayName } from './meeting-view';

export function createMeetingsService({
  db,
  clock,
  mayInvite = async () => false,
  speakerName = (index) => `Speaker ${index}`,
}: {
  db: Kysely<Database>;
  clock: Clock;
  /** Whether the host's tier allows invitations (features §6: SVIP); read from the entitlements. */
  mayInvite?: (host: UserRow) => Promise<boolean>;
  /** A live speaker's default name (translated; the plugin passes the i18n one). */
  speakerName?: DefaultSpeakerName;
}) {
  const store = createMeetingStore(db, clock);
  const invitations = createMeetingInvitations(store);
  return {
    find: store.find,
    owned: store.owned,
    ...invitations,
    ...createMeetingAccess(store, invitations, mayInvite),
    ...createMeetingLifecycle(store),
    ...createMeetingTranscriptLog(store),
    ...createMeetingJoins(store),
    ...createMeetingScreens(store),
    ...createMeetingSpeakers(store, speakerName),
  };
}

export type MeetingsService = ReturnType<typeof createMeetingsService>;
