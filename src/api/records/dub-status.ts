// GET /speech/video/transcribe/getFileByTaskId (dubbingGetFileByTaskId), as the record lists need it:
// each dubbing row of a page gets its task's state, progress and expiry (`dub`), read in parallel.
// Silent; a row whose task cannot be read keeps no `dub` and shows its record state. (The dubbing
// area's own get-file-by-task-id.ts serves the dub editor; the areas may not share a call file.)
import { api } from '../instance';
import type { components } from '../schema';
import { isDubRecord, type DubStatus, type RecordView } from '../../shared/contract/record';

type Record = components['schemas']['Record'];

async function dubStatusOf(taskId: string, signal?: AbortSignal): Promise<DubStatus | undefined> {
  const result = await api.call(
    (client, s) => client.GET('/speech/video/transcribe/getFileByTaskId', { params: { query: { taskId } }, signal: s }),
    { silent: true, ...(signal ? { signal } : {}) },
  );
  if (!result.ok || !result.data) return undefined;
  const task = result.data;
  return { state: task.state, progress: task.progress ?? null, overall: task.overall ?? null, step: task.step ?? null, expired: task.expired === true, errorMessage: task.errorMessage ?? null };
}

/** The rows with their dubbing state attached (other rows unchanged, same order). */
export async function withDubStatus(rows: readonly Record[], signal?: AbortSignal): Promise<RecordView[]> {
  return Promise.all(
    rows.map(async (row): Promise<RecordView> => {
      if (!isDubRecord(row)) return row;
      const dub = await dubStatusOf(row.id, signal);
      return dub ? { ...row, dub } : row;
    }),
  );
}
