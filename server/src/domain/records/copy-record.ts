// copyReplica: a holder of a share that allows copies (or the owner) copies the record and its
// segments into their own default folder or a folder of theirs.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { DEFAULT_FOLDER_ID } from '../../../../src/shared/contract/limits';
import type { Clock } from '../../clock';
import type { Database, RecordRow } from '../../db/schema';
import { folderNotFound } from '../folders/folder-errors';
import { insertSegments } from './create-record';
import { findReadableRecord } from './record-access';
import { copyNotAllowed } from './record-errors';

export async function copyRecord(
  db: Kysely<Database>,
  clock: Clock,
  userId: string,
  input: { id: string; folderId?: string; shareCode?: string },
): Promise<RecordRow> {
  const source = await findReadableRecord(db, clock, { id: input.id, userId, shareCode: input.shareCode });
  if (source.viewer === 'shareHolder' && source.share.allow_copy !== 1) throw copyNotAllowed();
  const folderId = input.folderId && input.folderId !== DEFAULT_FOLDER_ID ? input.folderId : null;
  const now = clock.now().toISOString();
  const copy: RecordRow = { ...source.row, id: randomUUID(), user_id: userId, folder_id: folderId, favorite: 0, created_at: now, updated_at: now };
  await db.transaction().execute(async (trx) => {
    if (folderId) {
      const folder = await trx.selectFrom('folders').select('id').where('id', '=', folderId).where('user_id', '=', userId).executeTakeFirst();
      if (!folder) throw folderNotFound();
    }
    await trx.insertInto('records').values(copy).execute();
    const segments = await trx.selectFrom('record_segments').selectAll().where('record_id', '=', source.row.id).orderBy('position').execute();
    await insertSegments(trx, segments.map((segment) => ({ ...segment, id: randomUUID(), record_id: copy.id })));
  });
  return copy;
}
