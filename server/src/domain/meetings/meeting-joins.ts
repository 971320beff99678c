// Who took part: one join record per visit (opened and closed by the live hub, with the subtitle
// language the participant reads), listed to the owner page by page.
import { randomUUID } from 'node:crypto';
import type { UserRow } from '../../db/schema';
import type { MeetingStore } from './meeting-store';
import { displayName, toJoinRecordView } from './meeting-view';

export function createMeetingJoins({ db, now, owned }: MeetingStore) {
  return {
    /** A participant's join record, under the name they gave (their account's name when none); answers its id and join time. */
    async openJoin(meetingId: string, join: { id?: string; user: UserRow; name?: string | null; translationLanguage: string | null }) {
      const id = join.id ?? randomUUID();
      const joinedAt = now();
      await db
        .insertInto('meeting_joins')
        .values({
          id,
          meeting_id: meetingId,
          user_id: join.user.id,
          user_name: join.name?.trim() || displayName(join.user),
          avatar: join.user.avatar,
          translation_language: join.translationLanguage,
          joined_at: joinedAt,
          left_at: null,
        })
        .execute();
      return { id, joinedAt };
    },

    async closeJoin(joinId: string): Promise<string> {
      const at = now();
      await db.updateTable('meeting_joins').set({ left_at: at }).where('id', '=', joinId).where('left_at', 'is', null).execute();
      return at;
    },

    /** The join record with its new language (undefined when it is gone). */
    async setJoinLanguage(joinId: string, language: string) {
      await db.updateTable('meeting_joins').set({ translation_language: language }).where('id', '=', joinId).execute();
      return db.selectFrom('meeting_joins').selectAll().where('id', '=', joinId).executeTakeFirst();
    },

    async joins(userId: string, meetingId: string, pageNum = 1, pageSize = 10) {
      await owned(userId, meetingId);
      const [rows, total] = await Promise.all([
        db
          .selectFrom('meeting_joins')
          .selectAll()
          .where('meeting_id', '=', meetingId)
          .orderBy('joined_at')
          .orderBy('id')
          .limit(pageSize)
          .offset((pageNum - 1) * pageSize)
          .execute(),
        db.selectFrom('meeting_joins').select((eb) => eb.fn.countAll<number>().as('n')).where('meeting_id', '=', meetingId).executeTakeFirstOrThrow(),
      ]);
      const first = (pageNum - 1) * pageSize + 1;
      return { total: Number(total.n), rows: rows.map((row, i) => toJoinRecordView(row, first + i)) };
    },
  };
}
