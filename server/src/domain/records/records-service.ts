// The record calls as the handlers use them: each one checks ownership (or a share code) and
// answers contract shapes. `defaultFolderLabel` is the caller's translation of the default folder.
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import type { Database, RecordRow } from '../../db/schema';
import { folderNamesFor } from '../folders/folder-names';
import { meetingStatesOf } from '../meetings/meeting-record-states';
import { activeSharesOf } from '../shares/shares';
import { copyRecord } from './copy-record';
import { findReadableRecord } from './record-access';
import { editRecord, type RecordEdit } from './record-edit';
import { recordNotFound } from './record-errors';
import type { StaleLabels } from '../exports/segment-lines';
import { exportRecords, type ExportRequest } from './record-export';
import { listRecords, type RecordListQuery } from './record-list';
import { searchRecords, type RecordSearchQuery } from './record-search';
import { toRecordView, toSubtitleLine, type RecordView } from './record-view';

export interface ReadInput {
  id: string;
  userId: string | null;
  shareCode?: string;
}

export function createRecordsService({ db, clock }: { db: Kysely<Database>; clock: Clock }) {
  async function ownerViews(userId: string, rows: RecordRow[], defaultFolderLabel: string): Promise<RecordView[]> {
    const [shares, folderNames, meetingStates] = await Promise.all([
      activeSharesOf(db, clock, rows.map((row) => row.id)),
      folderNamesFor(db, userId, rows.map((row) => row.folder_id), defaultFolderLabel),
      meetingStatesOf(db, rows.filter((row) => row.kind === 'meeting').map((row) => row.id)),
    ]);
    return rows.map((row) =>
      toRecordView(row, {
        viewer: 'owner',
        share: shares.get(row.id),
        folderName: folderNames.get(row.folder_id) ?? null,
        meetingState: meetingStates.get(row.id),
      }),
    );
  }

  async function readableView(input: ReadInput, defaultFolderLabel: string): Promise<{ row: RecordRow; view: RecordView }> {
    const found = await findReadableRecord(db, clock, input);
    if (found.viewer === 'owner') {
      const [view] = await ownerViews(found.row.user_id, [found.row], defaultFolderLabel);
      return { row: found.row, view: view! };
    }
    return { row: found.row, view: toRecordView(found.row, { viewer: 'shareHolder', share: found.share, folderName: null }) };
  }

  return {
    async query(userId: string, query: RecordListQuery, defaultFolderLabel: string) {
      const page = await listRecords(db, clock, userId, query);
      return { total: page.total, rows: await ownerViews(userId, page.rows, defaultFolderLabel) };
    },

    /** One page of search hits: the record, the matching line (null for a name match) and the marks. */
    async search(userId: string, query: RecordSearchQuery, defaultFolderLabel: string) {
      const { matches, hasMore } = await searchRecords(db, userId, query);
      const views = await ownerViews(userId, [...new Map(matches.map((m) => [m.record.id, m.record])).values()], defaultFolderLabel);
      const viewById = new Map(views.map((view) => [view.id, view]));
      return {
        hasMore,
        rows: matches.map(({ record, line, marks }) => ({
          record: viewById.get(record.id)!,
          line: line && { id: line.id, index: line.index, startMs: line.start_ms, endMs: line.end_ms, text: line.text },
          marks: marks.map(([start, end]) => ({ start, end })),
        })),
      };
    },

    async latest(userId: string, defaultFolderLabel: string): Promise<RecordView | null> {
      const row = await db
        .selectFrom('records')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row ? (await ownerViews(userId, [row], defaultFolderLabel))[0]! : null;
    },

    async get(input: ReadInput, defaultFolderLabel: string): Promise<RecordView> {
      return (await readableView(input, defaultFolderLabel)).view;
    },

    async result(input: ReadInput, defaultFolderLabel: string) {
      const { row, view } = await readableView(input, defaultFolderLabel);
      const segments = await db.selectFrom('record_segments').selectAll().where('record_id', '=', row.id).orderBy('position').execute();
      return { record: view, lines: segments.map(toSubtitleLine) };
    },

    async shareStatus(input: ReadInput): Promise<{ shareStatus: '0' | '1'; copyStatus: '0' | '1' }> {
      const found = await findReadableRecord(db, clock, input);
      const share = found.viewer === 'shareHolder' ? found.share : (await activeSharesOf(db, clock, [found.row.id])).get(found.row.id);
      return { shareStatus: share ? '1' : '0', copyStatus: share?.allow_copy ? '1' : '0' };
    },

    async edit(userId: string, edit: RecordEdit, defaultFolderLabel: string): Promise<RecordView> {
      const { row, share } = await editRecord(db, clock, userId, edit);
      const names = await folderNamesFor(db, userId, [row.folder_id], defaultFolderLabel);
      return toRecordView(row, { viewer: 'owner', share, folderName: names.get(row.folder_id) ?? null });
    },

    /** All or nothing: when any id is missing or another user's, nothing is deleted. */
    async remove(userId: string, ids: string[]): Promise<number> {
      const unique = [...new Set(ids)];
      return db.transaction().execute(async (trx) => {
        const owned = await trx.selectFrom('records').select('id').where('user_id', '=', userId).where('id', 'in', unique).execute();
        if (owned.length !== unique.length) throw recordNotFound();
        await trx.deleteFrom('record_segments').where('record_id', 'in', unique).execute();
        await trx.deleteFrom('record_shares').where('record_id', 'in', unique).execute();
        const deleted = await trx.deleteFrom('records').where('user_id', '=', userId).where('id', 'in', unique).executeTakeFirst();
        return Number(deleted.numDeletedRows);
      });
    },

    async copy(userId: string, input: { id: string; folderId?: string; shareCode?: string }, defaultFolderLabel: string): Promise<RecordView> {
      const row = await copyRecord(db, clock, userId, input);
      return (await ownerViews(userId, [row], defaultFolderLabel))[0]!;
    },

    async export(userId: string | null, request: ExportRequest, stale?: StaleLabels) {
      return exportRecords(db, clock, userId, request, stale);
    },
  };
}

export type RecordsService = ReturnType<typeof createRecordsService>;
