// dubbingCreate and dubbingTranswrite (features §4 submit): a task is a record of kind 'dubbing' with
// the id of its uploaded video (dub_files.id) plus a dub_tasks row. The record's primary key makes
// "one task per video" hold under a burst of submits; the start itself is claimed by a conditional
// update (a task not started yet, or a failed one), so only one caller charges and enqueues. The
// charge is the video's full length, keyed per task and attempt: a failed run is refunded once and
// a retry is a new attempt (upload-charges.ts does the same for transcriptions).
import type { Kysely } from 'kysely';
import type { components } from '../../../../../src/api/schema';
import {
  DUB_CHARS_PER_SEGMENT_DEFAULT,
  DUB_DEFAULT_AUDIO_LANGUAGE,
  DUB_DEFAULT_TRANSLATION_LANGUAGE,
  DUB_FONT_SIZE_DEFAULT,
  DUB_OUTLINE_COLOR_DEFAULT,
  DUB_PRIMARY_COLOR_DEFAULT,
  DUB_SPEAKERS_DEFAULT,
} from '../../../../../src/shared/contract/dub-limits';
import type { Locale } from '../../../../../src/shared/contract/limits';
import type { Clock } from '../../../clock';
import type { Database, DubFilesTable, RecordPipelineColumns } from '../../../db/schema';
import type { JobQueue } from '../../jobs/job-queue.port';
import { DUB_JOB, type DubJobPayload } from './dub-job-kind';
import { containerOf, type BlobStore } from '../../storage/blob-store.port';
import { REFUND_PREFIX } from '../../entitlements/balances';
import type { BillingUser, Entitlements } from '../../entitlements/entitlements-service';
import { createRecord } from '../../records/create-record';
import { dubAlreadyStarted, dubFileNotFound, dubSrtNotYours, dubTranslationRequired } from './task-errors';

type DubFormBody = components['schemas']['DubForm'];

/** The form as the job reads it (dub_tasks.form): every default filled in. */
export interface StoredDubForm {
  audioLanguage: string;
  translationLanguage: string;
  speakers: 'auto' | number;
  exportSubtitleInVideo: boolean;
  subtitleFontSize: number;
  subtitleMaxCharCountPerSegment: number;
  subtitlePrimaryColor: string;
  subtitleOutlineColor: string;
  srtFileType: 1 | 2 | 3 | null;
  srtUrl: string | null;
}

export interface TaskDeps {
  db: Kysely<Database>;
  clock: Clock;
  store: BlobStore;
  jobs: JobQueue;
  entitlements: Entitlements;
}

export const dubChargePrefix = (taskId: string) => `dubbing:${taskId}:`;

export function storedForm(body: Partial<DubFormBody>): StoredDubForm {
  if (body.translationLanguage === null) throw dubTranslationRequired();
  const srtUrl = body.srtUrl?.trim() || null;
  return {
    audioLanguage: body.audioLanguage ?? DUB_DEFAULT_AUDIO_LANGUAGE,
    translationLanguage: body.translationLanguage ?? DUB_DEFAULT_TRANSLATION_LANGUAGE,
    speakers: body.maxSpeakersAuto ? 'auto' : (body.maxSpeakers ?? DUB_SPEAKERS_DEFAULT),
    exportSubtitleInVideo: body.exportSubtitleInVideo ?? false,
    subtitleFontSize: body.subtitleFontSize ?? DUB_FONT_SIZE_DEFAULT,
    subtitleMaxCharCountPerSegment: body.subtitleMaxCharCountPerSegment ?? DUB_CHARS_PER_SEGMENT_DEFAULT,
    subtitlePrimaryColor: body.subtitlePrimaryColor ?? DUB_PRIMARY_COLOR_DEFAULT,
    subtitleOutlineColor: body.subtitleOutlineColor ?? DUB_OUTLINE_COLOR_DEFAULT,
    srtFileType: srtUrl ? ((body.srtFileType ?? 1) as 1 | 2 | 3) : null,
    srtUrl,
  };
}

export function parseStoredForm(json: string): StoredDubForm {
  return JSON.parse(json) as StoredDubForm;
}

async function ownFile(db: Kysely<Database>, userId: string, fileId: string): Promise<DubFilesTable> {
  const file = await db.selectFrom('dub_files').selectAll().where('id', '=', fileId).where('user_id', '=', userId).executeTakeFirst();
  if (!file) throw dubFileNotFound();
  return file;
}

/** The SRT attachment must be a blob of the caller's own container that exists. */
async function checkSrtUrl(store: BlobStore, userId: string, srtUrl: string | null): Promise<void> {
  if (!srtUrl) return;
  const located = store.locate(srtUrl);
  if (!located || located.container !== containerOf(userId)) throw dubSrtNotYours();
  if ((await store.size(located.container, located.blob)) === null) throw dubFileNotFound();
}

const baseName = (name: string) => name.replace(/\.[^.]+$/, '').trim() || name;

export interface EnsureTaskInput {
  fileId: string;
  showName?: string | null;
  folderId?: string | null;
  form: StoredDubForm;
}

/** The video's task, created (not started) when it has none; a parallel caller finds the same one. */
export async function ensureTask(deps: Pick<TaskDeps, 'db' | 'clock'>, userId: string, input: EnsureTaskInput): Promise<string> {
  return (await ensureTaskCreated(deps, userId, input)).taskId;
}

async function ensureTaskCreated(deps: Pick<TaskDeps, 'db' | 'clock'>, userId: string, input: EnsureTaskInput): Promise<{ taskId: string; created: boolean }> {
  const { db, clock } = deps;
  const file = await ownFile(db, userId, input.fileId);
  const existing = await db.selectFrom('dub_tasks').select('id').where('id', '=', file.id).where('user_id', '=', userId).executeTakeFirst();
  if (existing) return { taskId: existing.id, created: false };
  const now = clock.now().toISOString();
  try {
    // createRecord runs its own transaction (the folder check and the counts): the task row follows it.
    await createRecord(db, clock, {
      id: file.id,
      userId,
      showName: input.showName?.trim() || baseName(file.ori_file_name),
      folderId: input.folderId ?? file.folder_id,
      kind: 'dubbing',
      state: 'translating',
      languages: [input.form.audioLanguage],
      targetLanguages: [input.form.translationLanguage],
      durationMs: file.duration_ms,
      audioDurationMs: file.duration_ms,
    });
  } catch (error) {
    // A parallel call made the record first: that task is this video's task (its row may follow a moment later).
    const raced = await db.selectFrom('records').select('id').where('id', '=', file.id).where('user_id', '=', userId).executeTakeFirst();
    if (raced) return { taskId: raced.id, created: false };
    throw error;
  }
  try {
    await db
      .insertInto('dub_tasks')
      .values({
        id: file.id,
        user_id: userId,
        file_id: file.id,
        state: 'translating',
        step: null,
        progress: null,
        error_key: null,
        error_params: null,
        form: JSON.stringify(input.form),
        audio_language: input.form.audioLanguage,
        translation_language: input.form.translationLanguage,
        background: null,
        expire_at: null,
        expired_at: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
  } catch (error) {
    await db.deleteFrom('records').where('id', '=', file.id).execute();
    throw error;
  }
  return { taskId: file.id, created: true };
}

export async function startDubbing(
  deps: TaskDeps,
  input: { user: BillingUser; locale: Locale; body: DubFormBody; zoneHint?: string | null },
): Promise<string> {
  const { db, clock, store, jobs, entitlements } = deps;
  const { user, body } = input;
  const form = storedForm(body);
  await checkSrtUrl(store, user.id, form.srtUrl);
  const fileId = body.ids[0]!;
  const { taskId, created } = await ensureTaskCreated(deps, user.id, { fileId, showName: body.showName, folderId: body.folderId, form });
  // Claim: a task not started yet (translating, no progress), else a failed one; nobody else gets past this.
  const claim = (from: 'new' | 'failed') =>
    db
      .updateTable('dub_tasks')
      .set({
        state: 'translating',
        step: null,
        progress: 0,
        error_key: null,
        error_params: null,
        form: JSON.stringify(form),
        audio_language: form.audioLanguage,
        translation_language: form.translationLanguage,
        updated_at: clock.now().toISOString(),
      })
      .where('id', '=', taskId)
      .where('user_id', '=', user.id)
      .where((eb) => (from === 'new' ? eb.and([eb('state', '=', 'translating'), eb('progress', 'is', null)]) : eb('state', '=', 'failed')))
      .executeTakeFirst();
  let before: { state: 'translating' | 'failed'; progress: null };
  if (Number((await claim('new')).numUpdatedRows) === 1) before = { state: 'translating', progress: null };
  else if (Number((await claim('failed')).numUpdatedRows) === 1) before = { state: 'failed', progress: null };
  else throw dubAlreadyStarted();

  // A refused start leaves things as they were: a task this call made is removed again (record and all).
  const release = async () => {
    if (created) await db.deleteFrom('records').where('id', '=', taskId).where('user_id', '=', user.id).execute();
    else await db.updateTable('dub_tasks').set({ state: before.state, progress: before.progress }).where('id', '=', taskId).execute();
  };
  const file = await ownFile(db, user.id, fileId);
  const record = await db.selectFrom('records').select('show_name').where('id', '=', taskId).executeTakeFirstOrThrow();
  try {
    await entitlements.chargeNextAttempt(user, {
      usage: 'dubbing',
      seconds: file.duration_ms / 1000,
      keyPrefix: dubChargePrefix(taskId),
      recordId: taskId,
      note: record.show_name,
      zoneHint: input.zoneHint ?? null,
    });
  } catch (error) {
    await release();
    throw error;
  }
  try {
    await db
      .withTables<{ records: RecordPipelineColumns }>()
      .updateTable('records')
      .set({
        state: 'translating',
        progress: 0,
        error_message: null,
        upload_form: null,
        languages: JSON.stringify([form.audioLanguage]),
        target_languages: JSON.stringify([form.translationLanguage]),
        updated_at: clock.now().toISOString(),
      } as never)
      .where('id', '=', taskId)
      .execute();
    const payload: DubJobPayload = { taskId, userId: user.id, locale: input.locale };
    await jobs.enqueue(DUB_JOB, payload, { recordId: taskId });
  } catch (error) {
    await refundDubbing(db, entitlements, taskId);
    await release();
    throw error;
  }
  return taskId;
}

/** Gives back the open charge of a failed dubbing run (once: the refund has its own key). */
export async function refundDubbing(db: Kysely<Database>, entitlements: Entitlements, taskId: string): Promise<void> {
  const rows = await db.selectFrom('ledger_entries').select(['source_key', 'kind']).where('record_id', '=', taskId).where('usage', '=', 'dubbing').execute();
  const prefix = dubChargePrefix(taskId);
  const refunded = new Set(rows.filter((r) => r.kind === 'refund').map((r) => r.source_key.slice(REFUND_PREFIX.length)));
  for (const row of rows) {
    if (row.kind === 'consumption' && row.source_key.startsWith(prefix) && !refunded.has(row.source_key)) await entitlements.refund(row.source_key);
  }
}
