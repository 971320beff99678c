// A dubbing task as the contract's DubTask, and how its state reads in the records list. The record
// (same id) carries the name, folder and length; dub_tasks the lifecycle. A failed task's message is
// rendered from its stored key in the reader's language.
import type { Kysely } from 'kysely';
import type { components } from '../../../../../src/api/schema';
import { DEFAULT_FOLDER_ID } from '../../../../../src/shared/contract/limits';
import type { Database, DubTaskRow, DubTaskState, RecordPipelineColumns, RecordState } from '../../../db/schema';
import { dubTaskNotFound } from './task-errors';

export type DubTaskView = components['schemas']['DubTask'];
export type Translate = (key: string, params?: Record<string, unknown>) => string;

/** dubbingMedia's address as the browser calls it (the API prefix is fixed, like UPLOAD_BLOCK_PATH). */
export const DUB_MEDIA_PATH = '/prod-api/speech/video/transcribe/media';

export type DubMediaKind = 'source' | 'dubbedAudio' | 'dubbedVideo';

export function dubMediaUrl(taskId: string, kind: DubMediaKind = 'source', lang?: string): string {
  const query = new URLSearchParams({ id: taskId, kind, ...(lang ? { lang } : {}) });
  return `${DUB_MEDIA_PATH}?${query.toString()}`;
}

/**
 * The records list knows the upload states only: a dub runs as 'translating' with its overall percent,
 * a finished dub reads as 'translation_completed' and a failed one as 'translation_err' (the list then
 * shows the stored message). The Dub badge comes from recordType 'dubbing'.
 */
export const RECORD_STATE_OF: Record<DubTaskState, RecordState> = {
  translating: 'translating',
  translated: 'translating',
  dubbing: 'translating',
  dubbed: 'translation_completed',
  failed: 'translation_err',
};

/** Share of the whole run each step takes, in order, for the percent the records list shows. */
const STEP_WEIGHTS: [string, number][] = [
  ['extract', 10],
  ['lines', 20],
  ['translate', 15],
  ['dub', 35],
  ['mix', 15],
  ['burnIn', 5],
];

export function overallPercent(step: string, fraction: number): number {
  let before = 0;
  for (const [name, weight] of STEP_WEIGHTS) {
    if (name === step) return Math.min(99, Math.round(before + weight * Math.max(0, Math.min(1, fraction))));
    before += weight;
  }
  return 0;
}

export function taskErrorMessage(t: Translate, row: Pick<DubTaskRow, 'state' | 'error_key' | 'error_params'>): string | null {
  if (row.state !== 'failed' || !row.error_key) return null;
  let params: Record<string, unknown> = {};
  try {
    params = row.error_params ? (JSON.parse(row.error_params) as Record<string, unknown>) : {};
  } catch {
    params = {};
  }
  return t(row.error_key, params);
}

type TaskWithRecord = DubTaskRow & {
  show_name: string;
  folder_id: string | null;
  duration_ms: number | null;
  iteration_count: number | string | null;
  /** The record's percent: the first dub's overall percent while it runs (dubbing-job-progress). */
  record_progress?: number | null;
};

const RUNNING_TASK: readonly DubTaskState[] = ['translating', 'translated', 'dubbing'];

/**
 * The whole run's percent, which the records list shows: a step at 100% (the voices done while the
 * mix still runs) never reads as done. The first dub writes its overall percent to the record; a
 * re-dub's task percent already spans its whole run. Both are held below 100 until the task is dubbed.
 */
export function overallOf(row: Pick<TaskWithRecord, 'state' | 'progress' | 'iteration_count' | 'record_progress'>): number | null {
  if (row.state === 'dubbed') return 100;
  if (!RUNNING_TASK.includes(row.state)) return null;
  const firstRun = Number(row.iteration_count ?? 0) === 0;
  const percent = firstRun ? (row.record_progress ?? 0) : (row.progress ?? 0);
  return Math.max(0, Math.min(99, percent));
}

function taskQuery(db: Kysely<Database>, userId: string) {
  // The record's pipeline columns (progress) are typed apart from the record itself.
  return db
    .withTables<{ records: RecordPipelineColumns }>()
    .selectFrom('dub_tasks')
    .innerJoin('records', 'records.id', 'dub_tasks.id')
    .selectAll('dub_tasks')
    .select(['records.show_name', 'records.folder_id', 'records.duration_ms', 'records.progress as record_progress'])
    .select((eb) => eb.selectFrom('dub_iterations').select((i) => i.fn.countAll().as('n')).whereRef('dub_iterations.task_id', '=', 'dub_tasks.id').as('iteration_count'))
    .where('dub_tasks.user_id', '=', userId);
}

export function toDubTaskView(t: Translate, row: TaskWithRecord): DubTaskView {
  return {
    id: row.id,
    showName: row.show_name,
    state: row.state,
    audioLanguage: row.audio_language,
    translationLanguage: row.translation_language,
    duration: row.duration_ms === null ? null : row.duration_ms / 1000,
    videoUrl: row.file_id ? dubMediaUrl(row.id) : null,
    coverUrl: null,
    folderId: row.folder_id ?? DEFAULT_FOLDER_ID,
    iterationCount: Number(row.iteration_count ?? 0),
    errorMessage: taskErrorMessage(t, row),
    createTime: row.created_at,
    updateTime: row.updated_at,
    expireTime: row.expire_at,
    expired: row.expired_at !== null,
    progress: row.progress,
    overall: overallOf(row),
    voiceLeftDb: row.voice_left_db,
    voiceRemover: row.voice_remover === 'gate' || row.voice_remover === 'separation' ? row.voice_remover : null,
    step: row.step,
  };
}

/** The caller's task, or the not-found refusal (also for another user's id). */
export async function findOwnedTask(db: Kysely<Database>, userId: string, taskId: string): Promise<TaskWithRecord> {
  const row = await taskQuery(db, userId).where('dub_tasks.id', '=', taskId).executeTakeFirst();
  if (!row) throw dubTaskNotFound();
  return row as TaskWithRecord;
}

export async function listTasks(
  db: Kysely<Database>,
  userId: string,
  query: { pageNum: number; pageSize: number; folderId?: string | null },
): Promise<{ total: number; rows: TaskWithRecord[] }> {
  let base = taskQuery(db, userId);
  let count = db.selectFrom('dub_tasks').innerJoin('records', 'records.id', 'dub_tasks.id').select((eb) => eb.fn.countAll().as('n')).where('dub_tasks.user_id', '=', userId);
  if (query.folderId) {
    const folder = query.folderId === DEFAULT_FOLDER_ID ? null : query.folderId;
    base = folder === null ? base.where('records.folder_id', 'is', null) : base.where('records.folder_id', '=', folder);
    count = folder === null ? count.where('records.folder_id', 'is', null) : count.where('records.folder_id', '=', folder);
  }
  const [rows, total] = await Promise.all([
    base
      .orderBy('dub_tasks.created_at', 'desc')
      .orderBy('dub_tasks.id', 'desc')
      .limit(query.pageSize)
      .offset((query.pageNum - 1) * query.pageSize)
      .execute(),
    count.executeTakeFirst(),
  ]);
  return { total: Number(total?.n ?? 0), rows: rows as TaskWithRecord[] };
}
