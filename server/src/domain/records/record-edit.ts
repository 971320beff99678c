// recordsEdit: title, folder, favourite and share settings of one record, applied together in one
// transaction after every input is checked, so a refused edit changes nothing.
import type { Kysely } from 'kysely';
import { DEFAULT_FOLDER_ID, RECORD_TITLE_MAX } from '../../../../src/shared/contract/limits';
import type { Clock } from '../../clock';
import type { Database, RecordRow, RecordShareRow } from '../../db/schema';
import { folderNotFound } from '../folders/folder-errors';
import { activeSharesOf, revokeShares, shareRecord } from '../shares/shares';
import { checkDisplayName } from './display-name';
import { findOwnedRecord } from './record-access';
import { invalidDate, notShared, shareExpiryInPast, titleProblem } from './record-errors';

export interface RecordEdit {
  id: string;
  showName?: string;
  folderId?: string;
  favorite?: boolean;
  shareStatus?: '0' | '1';
  copyStatus?: '0' | '1';
  shareExpireTime?: string | null;
}

export async function editRecord(
  db: Kysely<Database>,
  clock: Clock,
  userId: string,
  edit: RecordEdit,
): Promise<{ row: RecordRow; share: RecordShareRow | undefined }> {
  let showName: string | undefined;
  if (edit.showName !== undefined) {
    const checked = checkDisplayName(edit.showName, RECORD_TITLE_MAX);
    if ('problem' in checked) throw titleProblem(checked.problem);
    showName = checked.name;
  }
  let expiresAt: string | null | undefined;
  if (edit.shareExpireTime !== undefined && edit.shareExpireTime !== null) {
    const at = new Date(edit.shareExpireTime);
    if (Number.isNaN(at.getTime())) throw invalidDate(edit.shareExpireTime);
    if (at.getTime() <= clock.now().getTime()) throw shareExpiryInPast();
    expiresAt = at.toISOString();
  } else if (edit.shareExpireTime === null) {
    expiresAt = null;
  }

  return db.transaction().execute(async (trx) => {
    const row = await findOwnedRecord(trx, userId, edit.id);
    const changes: Partial<RecordRow> = {};
    if (showName !== undefined && showName !== row.show_name) changes.show_name = showName;
    if (edit.folderId !== undefined) {
      const folderId = edit.folderId === DEFAULT_FOLDER_ID ? null : edit.folderId;
      if (folderId !== null) {
        const folder = await trx.selectFrom('folders').select('id').where('id', '=', folderId).where('user_id', '=', userId).executeTakeFirst();
        if (!folder) throw folderNotFound();
      }
      if (folderId !== row.folder_id) changes.folder_id = folderId;
    }
    // Modification time follows the record's content and place, not the favourite flag or sharing.
    if (Object.keys(changes).length > 0) changes.updated_at = clock.now().toISOString();
    if (edit.favorite !== undefined) changes.favorite = edit.favorite ? 1 : 0;
    if (Object.keys(changes).length > 0) await trx.updateTable('records').set(changes).where('id', '=', row.id).execute();

    const shareSettings = { allowCopy: edit.copyStatus === undefined ? undefined : edit.copyStatus === '1', expiresAt };
    if (edit.shareStatus === '0') {
      await revokeShares(trx, clock, row.id);
    } else if (edit.shareStatus === '1') {
      await shareRecord(trx, clock, row, shareSettings);
    } else if (edit.copyStatus !== undefined || edit.shareExpireTime !== undefined) {
      if (!(await activeSharesOf(trx, clock, [row.id])).has(row.id)) throw notShared();
      await shareRecord(trx, clock, row, shareSettings);
    }
    const share = (await activeSharesOf(trx, clock, [row.id])).get(row.id);
    return { row: { ...row, ...changes }, share };
  });
}
