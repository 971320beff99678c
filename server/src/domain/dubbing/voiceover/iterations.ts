// Re-dubs (features §9, issue 12 §4): each voice-over run is an iteration of the task in one
// language. The first dub costs the video's length, the first re-dub is free, every later one half
// (dubbingCostSeconds, priced inside the ledger lock from the task's earlier charges). One iteration
// of a task runs at a time and a task is dubbed into at most 4 languages; both hold under a burst of
// parallel calls because the row is inserted by one conditional statement guarded by the unique
// (task_id, number) index, and only the call that inserted it is charged.
import { sql } from 'kysely';
import type { DubIterationRow, DubTaskRow, UserRow } from '../../../db/schema';
import { sortableId } from '../../../db/sortable-id';
import { AppError } from '../../../errors';
import { dubbingCostSeconds } from '../../entitlements/tier-rules';
import { DUB_ITERATION_JOB, DUB_MAX_LANGUAGES, iterationChargeKey, type DubIterationPayload, type VoiceoverDeps } from './deps';
import { findOwnedDubTask } from '../task-access';
import { dubLineNotFound } from '../lines/line-errors';

export const taskNotReady = () => new AppError(400, 'uploads:dubTaskNotReady');
export const iterationRunning = () => new AppError(400, 'uploads:dubIterationRunning');
export const languageLimit = () => new AppError(400, 'uploads:dubLanguageLimit', { max: DUB_MAX_LANGUAGES });
export const languageUnsupported = (lang: string) => new AppError(400, 'uploads:dubLanguageUnsupported', { lang });

export interface DubIterationAnswer {
  id: string;
  taskId: string;
  lang: string | null;
  state: 'dubbing' | 'dubbed' | 'failed';
  chargedSeconds: number;
  createTime: string;
}

export const iterationAnswer = (row: DubIterationRow): DubIterationAnswer => ({
  id: row.id,
  taskId: row.task_id,
  lang: row.lang,
  state: row.state,
  chargedSeconds: row.charged_seconds,
  createTime: row.created_at,
});

/** The language asked for, or the task's own translation language. */
export function iterationLanguage(task: DubTaskRow, lang: string | undefined | null): string {
  const chosen = lang?.trim() || task.translation_language;
  if (!chosen) throw new AppError(400, 'errors.invalidRequest');
  return chosen;
}

/** A voice is needed for the language, and a translator when the lines are not in it yet. */
export function checkLanguage(deps: Pick<VoiceoverDeps, 'engines'>, task: DubTaskRow, lang: string): void {
  try {
    deps.engines.synthesizerFor(lang);
    if (lang !== task.translation_language) deps.engines.translatorFor(task.audio_language, lang);
  } catch {
    throw languageUnsupported(lang);
  }
}

/** At most 4 languages per task: its translation language and those of runs that did not fail. */
export async function checkLanguageLimit(deps: Pick<VoiceoverDeps, 'db'>, task: DubTaskRow, lang: string): Promise<void> {
  const languages = await deps.db.selectFrom('dub_iterations').select('lang').distinct().where('task_id', '=', task.id).where('state', '!=', 'failed').execute();
  const used = new Set(languages.map((r) => r.lang));
  if (task.translation_language) used.add(task.translation_language);
  if (!used.has(lang) && used.size >= DUB_MAX_LANGUAGES) throw languageLimit();
}

export async function videoSeconds(deps: Pick<VoiceoverDeps, 'db'>, task: DubTaskRow): Promise<number> {
  const record = await deps.db.selectFrom('records').select(['duration_ms', 'audio_duration_ms']).where('id', '=', task.id).executeTakeFirst();
  let ms = record?.duration_ms ?? record?.audio_duration_ms ?? null;
  if (ms === null && task.file_id) ms = (await deps.db.selectFrom('dub_files').select('duration_ms').where('id', '=', task.file_id).executeTakeFirst())?.duration_ms ?? null;
  return (ms ?? 0) / 1000;
}

/**
 * Inserts the iteration (when none of the task runs and the language is allowed) and charges it.
 * Answers the row; the caller queues the work.
 */
export async function createIterationRow(deps: VoiceoverDeps, user: UserRow, task: DubTaskRow, lang: string): Promise<DubIterationRow> {
  const { db, clock } = deps;
  if (task.state === 'translating') throw taskNotReady();
  if (task.state === 'dubbing') {
    const running = await db.selectFrom('dub_iterations').select('id').where('task_id', '=', task.id).where('state', '=', 'dubbing').executeTakeFirst();
    throw running ? iterationRunning() : taskNotReady();
  }
  const lines = await db.selectFrom('record_segments').select((eb) => eb.fn.countAll<number>().as('n')).where('record_id', '=', task.id).executeTakeFirst();
  if (!Number(lines?.n ?? 0)) throw taskNotReady();
  await checkLanguageLimit(deps, task, lang);

  const id = sortableId();
  const now = clock.now().toISOString();
  let inserted = 0;
  try {
    const result = await sql`
      INSERT INTO dub_iterations (id, task_id, number, lang, state, charged_seconds, created_at, updated_at)
      SELECT ${id}, ${task.id}, COALESCE((SELECT MAX(number) FROM dub_iterations WHERE task_id = ${task.id}), 0) + 1, ${lang}, 'dubbing', 0, ${now}, ${now}
      WHERE NOT EXISTS (SELECT 1 FROM dub_iterations WHERE task_id = ${task.id} AND state = 'dubbing')`.execute(db);
    inserted = Number(result.numAffectedRows ?? 0);
  } catch {
    // The unique (task_id, number) index refused a twin inserted at the same moment.
    inserted = 0;
  }
  if (inserted !== 1) throw iterationRunning();

  const seconds = await videoSeconds(deps, task);
  let price = 0;
  try {
    const charged = await deps.entitlements.charge(user, {
      usage: 'dubbing',
      recordId: task.id,
      chargeKey: iterationChargeKey(id),
      note: lang,
      seconds: (account) => (price = dubbingCostSeconds(seconds, account.state.dubbingsOf.get(task.id) ?? 0)),
    });
    if (!charged) price = 0;
  } catch (error) {
    await db.deleteFrom('dub_iterations').where('id', '=', id).execute();
    throw error;
  }
  await db.updateTable('dub_iterations').set({ charged_seconds: price, updated_at: clock.now().toISOString() }).where('id', '=', id).execute();
  await db.updateTable('dub_tasks').set({ state: 'dubbing', step: 'dub', progress: 0, error_key: null, error_params: null, updated_at: now }).where('id', '=', task.id).execute();
  return (await db.selectFrom('dub_iterations').selectAll().where('id', '=', id).executeTakeFirstOrThrow());
}

/** Refuses (404) unless every id is a line of the task; answers the distinct ids. */
async function regeneratedLines(deps: Pick<VoiceoverDeps, 'db'>, task: DubTaskRow, ids: readonly string[]): Promise<string[]> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return wanted;
  const found = await deps.db.selectFrom('record_segments').select('id').where('record_id', '=', task.id).where('id', 'in', wanted).execute();
  if (found.length !== wanted.length) throw dubLineNotFound();
  return wanted;
}

/**
 * dubbingCreateIteration: a re-dub of the task in `lang` (default its translation language), queued.
 * `regenerate` lines get a new take: their voiced key is cleared once the run is admitted, so the
 * run synthesises them again while every other unchanged line keeps its previous audio.
 */
export async function startIteration(
  deps: VoiceoverDeps,
  user: UserRow,
  input: { id: string; lang?: string | null; regenerate?: readonly string[] },
): Promise<DubIterationAnswer> {
  const task = await findOwnedDubTask(deps.db, user.id, input.id);
  const lang = iterationLanguage(task, input.lang);
  await checkLanguageLimit(deps, task, lang);
  checkLanguage(deps, task, lang);
  const regenerate = await regeneratedLines(deps, task, input.regenerate ?? []);
  const row = await createIterationRow(deps, user, task, lang);
  if (regenerate.length > 0) {
    await deps.db.updateTable('dub_line_takes').set({ voiced_key: null }).where('task_id', '=', task.id).where('lang', '=', lang).where('segment_id', 'in', regenerate).execute();
  }
  const payload: DubIterationPayload = { taskId: task.id, iterationId: row.id, synthesisId: null };
  await deps.jobs.enqueue(DUB_ITERATION_JOB, payload, { recordId: task.id });
  return iterationAnswer(row);
}

/** dubbingGetIteration: the task's iterations, newest first. */
export async function listIterations(deps: Pick<VoiceoverDeps, 'db'>, userId: string, taskId: string): Promise<DubIterationAnswer[]> {
  await findOwnedDubTask(deps.db, userId, taskId);
  const rows = await deps.db.selectFrom('dub_iterations').selectAll().where('task_id', '=', taskId).orderBy('number', 'desc').execute();
  return rows.map(iterationAnswer);
}
