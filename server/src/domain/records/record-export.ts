// Export of one record (a file) or several (a zip of files) through the shared export formatting.
// The owner may export any of their records; a share holder only the shared record.
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock';
import type { Database, RecordRow } from '../../db/schema';
import type { ExportContent, ExportFormat } from '../../../../src/shared/contract/transcript';
import { exportTranscript, zipExports, type ExportedFile } from '../exports/export-transcript';
import type { StaleLabels } from '../exports/segment-lines';
import { findReadableRecord } from './record-access';
import { recordNotFound } from './record-errors';
import { toSegment } from './record-view';

export interface ExportRequest {
  idStr: string;
  type?: ExportFormat;
  msgType?: ExportContent;
  speaker?: '0' | '1';
  shareCode?: string;
}

export function parseIdList(idStr: string): string[] {
  return [...new Set(idStr.split(',').map((id) => id.trim()).filter(Boolean))];
}

async function recordsToExport(db: Kysely<Database>, clock: Clock, userId: string | null, request: ExportRequest): Promise<RecordRow[]> {
  const ids = parseIdList(request.idStr);
  if (ids.length === 0) throw recordNotFound();
  if (request.shareCode) {
    if (ids.length !== 1) throw recordNotFound();
    return [(await findReadableRecord(db, clock, { id: ids[0]!, userId, shareCode: request.shareCode })).row];
  }
  if (userId === null) throw recordNotFound();
  const rows = await db.selectFrom('records').selectAll().where('user_id', '=', userId).where('id', 'in', ids).execute();
  // All or nothing: one foreign or missing id refuses the whole export, naming none of them.
  if (rows.length !== ids.length) throw recordNotFound();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => byId.get(id)!);
}

export async function exportRecords(
  db: Kysely<Database>,
  clock: Clock,
  userId: string | null,
  request: ExportRequest,
  stale?: StaleLabels,
): Promise<ExportedFile> {
  const records = await recordsToExport(db, clock, userId, request);
  const format = request.type ?? 'docx';
  const options = { content: request.msgType ?? 'original', speakers: request.speaker !== '0', ...(stale ? { stale } : {}) };
  const files: ExportedFile[] = [];
  for (const record of records) {
    const segments = await db.selectFrom('record_segments').selectAll().where('record_id', '=', record.id).orderBy('position').execute();
    files.push(await exportTranscript(record.show_name, segments.map(toSegment), format, options));
  }
  if (files.length === 1) return files[0]!;
  return { fileName: 'records.zip', contentType: 'application/zip', body: await zipExports(files) };
}
