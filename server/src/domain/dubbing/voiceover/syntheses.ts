// The composed video of one language (videoSynthesis / getSynthesis, issue 13 §5). A composition
// first re-voices when any line changed since the last voice-over of that language (only those lines,
// charged as an iteration), then burns the subtitles in when asked (libass, pipeline/burn-in.ts) and
// keeps the result 7 days. One composition per task and language runs at a time.
import path from 'node:path';
import type { DubSynthesisRow, UserRow } from '../../../db/schema';
import { sortableId } from '../../../db/sortable-id';
import { probeMedia } from '../../../engines/media';
import { withTempDir } from '../../../engines/temp-dir';
import { AppError } from '../../../errors';
import { containerOf } from '../../storage/blob-store.port';
import { putFile } from '../../../storage/blob/put-file';
import { dubOutputPrefix } from '../outputs';
import { burnIn, type BurnInSettings } from '../pipeline/burn-in';
import { needsRevoicing } from '../pipeline/revoice';
import { findOwnedDubTask, taskSpeakers } from '../task-access';
import { DUB_ITERATION_JOB, DUB_MEDIA_KEEP_MS, type DubIterationPayload, type VoiceoverDeps } from './deps';
import { checkLanguage, checkLanguageLimit, createIterationRow, iterationLanguage, taskNotReady } from './iterations';
import { latestOutputs, voicesFor } from './run-iteration';
import { taskLines } from './task-lines';

export const synthesisRunning = () => new AppError(400, 'uploads:dubSynthesisRunning');

export interface SynthesisSettings {
  exportSubtitleInVideo: boolean;
  burnIn: BurnInSettings;
}

export interface SynthesisRequest {
  id: string;
  lang?: string;
  exportSubtitleInVideo?: boolean;
  subtitleFontSize?: number;
  subtitleMaxCharCountPerSegment?: number;
  subtitlePrimaryColor?: string;
  subtitleOutlineColor?: string;
}

export interface DubSynthesisAnswer {
  id: string;
  state: 'none' | 'composing' | 'completed' | 'failed';
  videoUrl?: string | null;
  audioUrl?: string | null;
  expireTime?: string | null;
}

/** The dub form's defaults (features §3): 14 px, 30 characters per segment, white on black. */
const DEFAULT_BURN_IN: BurnInSettings = { fontSize: 14, charsPerSegment: 30, color: '#ffffff', backgroundColor: '#000000' };

function formBurnIn(formJson: string): Partial<BurnInSettings> {
  try {
    const form = JSON.parse(formJson) as { burnIn?: Partial<BurnInSettings> } | null;
    return form?.burnIn ?? {};
  } catch {
    return {};
  }
}

export function synthesisSettings(request: SynthesisRequest, formJson: string): SynthesisSettings {
  const saved = { ...DEFAULT_BURN_IN, ...formBurnIn(formJson) };
  return {
    exportSubtitleInVideo: request.exportSubtitleInVideo === true,
    burnIn: {
      fontSize: request.subtitleFontSize ?? saved.fontSize,
      charsPerSegment: request.subtitleMaxCharCountPerSegment ?? saved.charsPerSegment,
      color: request.subtitlePrimaryColor ?? saved.color,
      backgroundColor: request.subtitleOutlineColor ?? saved.backgroundColor,
    },
  };
}

/** The media address the player and download use (dubbingMedia, the same /prod-api prefix as every call). */
export const dubMediaUrl = (taskId: string, kind: 'dubbedVideo' | 'dubbedAudio', lang: string) =>
  `/prod-api/speech/video/transcribe/media?id=${encodeURIComponent(taskId)}&kind=${kind}&lang=${encodeURIComponent(lang)}`;

export function synthesisAnswer(row: DubSynthesisRow | undefined, taskId: string, now: Date): DubSynthesisAnswer {
  if (!row) return { id: taskId, state: 'none', videoUrl: null, audioUrl: null, expireTime: null };
  const expired = row.expired_at !== null || (row.expire_at !== null && row.expire_at <= now.toISOString());
  const ready = row.state === 'completed' && !expired;
  return {
    id: row.id,
    state: row.state,
    videoUrl: ready && row.video_blob ? dubMediaUrl(row.task_id, 'dubbedVideo', row.lang) : null,
    audioUrl: ready && row.audio_blob ? dubMediaUrl(row.task_id, 'dubbedAudio', row.lang) : null,
    expireTime: row.expire_at,
  };
}

/** True when the language was never voiced, its media expired, or a line changed since. */
async function revoiceNeeded(deps: VoiceoverDeps, task: Parameters<typeof latestOutputs>[1] & { translation_language: string | null }, lang: string): Promise<boolean> {
  if (!(await latestOutputs(deps, task, lang))) return true;
  const speakers = await taskSpeakers(deps.db, task.id);
  const voices = new Map(voicesFor(deps, lang, speakers).map((v) => [v.id, v]));
  const lines = await taskLines(deps.db, task, lang, speakers);
  return lines.some((l) => {
    const voice = voices.get(l.speaker) ?? voices.values().next().value;
    return voice ? needsRevoicing(l, voice) : false;
  });
}

/** videoSynthesis: claims the (task, lang) composition, starts a re-voice when needed, queues the work. */
export async function startSynthesis(deps: VoiceoverDeps, user: UserRow, request: SynthesisRequest): Promise<DubSynthesisAnswer> {
  const { db, clock } = deps;
  const task = await findOwnedDubTask(db, user.id, request.id);
  const lang = iterationLanguage(task, request.lang);
  await checkLanguageLimit(deps, task, lang);
  checkLanguage(deps, task, lang);
  if (task.state === 'translating') throw taskNotReady();
  const settings = synthesisSettings(request, task.form);
  const now = clock.now().toISOString();

  // Claim: an update that skips a composing row, or an insert the unique (task_id, lang) index guards.
  const existing = await db.selectFrom('dub_syntheses').selectAll().where('task_id', '=', task.id).where('lang', '=', lang).executeTakeFirst();
  const claim = { state: 'composing' as const, settings: JSON.stringify(settings), error_key: null, updated_at: now };
  if (existing) {
    const updated = await db.updateTable('dub_syntheses').set(claim).where('id', '=', existing.id).where('state', '!=', 'composing').executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw synthesisRunning();
  } else {
    try {
      await db.insertInto('dub_syntheses').values({ id: sortableId(), task_id: task.id, lang, ...claim, video_blob: null, audio_blob: null, expire_at: null, expired_at: null, created_at: now }).execute();
    } catch {
      throw synthesisRunning();
    }
  }
  const row = await db.selectFrom('dub_syntheses').selectAll().where('task_id', '=', task.id).where('lang', '=', lang).executeTakeFirstOrThrow();

  let iterationId: string | null = null;
  try {
    if (await revoiceNeeded(deps, task, lang)) iterationId = (await createIterationRow(deps, user, task, lang)).id;
  } catch (error) {
    // Not started (a running iteration, the balance): the composition goes back to what it was.
    if (existing) await db.updateTable('dub_syntheses').set({ state: existing.state, settings: existing.settings, error_key: existing.error_key, updated_at: existing.updated_at }).where('id', '=', row.id).execute();
    else await db.deleteFrom('dub_syntheses').where('id', '=', row.id).execute();
    throw error;
  }
  const payload: DubIterationPayload = { taskId: task.id, iterationId, synthesisId: row.id };
  await deps.jobs.enqueue(DUB_ITERATION_JOB, payload, { recordId: task.id });
  return synthesisAnswer(row, task.id, clock.now());
}

/** getSynthesis: the composition of the language (default the task's translation language). */
export async function getSynthesis(deps: Pick<VoiceoverDeps, 'db' | 'clock'>, userId: string, taskId: string, lang?: string): Promise<DubSynthesisAnswer> {
  const task = await findOwnedDubTask(deps.db, userId, taskId);
  const chosen = iterationLanguage(task, lang);
  const row = await deps.db.selectFrom('dub_syntheses').selectAll().where('task_id', '=', task.id).where('lang', '=', chosen).executeTakeFirst();
  return synthesisAnswer(row, task.id, deps.clock.now());
}

/** The job's half: the voice-over of the language (already brought up to date), subtitles burnt in when asked. */
export async function composeSynthesis(deps: VoiceoverDeps, synthesisId: string, signal?: AbortSignal): Promise<void> {
  const { db, clock, blobStore } = deps;
  const row = await db.selectFrom('dub_syntheses').selectAll().where('id', '=', synthesisId).executeTakeFirst();
  if (!row) return;
  const task = await db.selectFrom('dub_tasks').selectAll().where('id', '=', row.task_id).executeTakeFirstOrThrow();
  const latest = await latestOutputs(deps, task, row.lang);
  if (!latest) throw new Error(`no voice-over of ${row.lang} to compose`);
  const settings = JSON.parse(row.settings) as SynthesisSettings;
  const container = containerOf(task.user_id);
  let videoBlob = latest.outputs.video;
  if (settings.exportSubtitleInVideo) {
    videoBlob = `${dubOutputPrefix(task.id, row.lang, latest.row.number)}/subtitled-${row.id}.mp4`;
    const speakers = await taskSpeakers(db, task.id);
    const lines = await taskLines(db, task, row.lang, speakers);
    await withTempDir('dub-synthesis', async (dir) => {
      const input = await blobStore.mediaInput(container, latest.outputs.video);
      const { durationMs } = await probeMedia(input, { signal });
      const out = path.join(dir, 'subtitled.mp4');
      await burnIn(input, out, lines.map((l) => ({ startMs: l.startMs, endMs: l.endMs, text: l.text })), settings.burnIn, durationMs, signal);
      await putFile(blobStore, container, videoBlob, out);
    });
  }
  const now = clock.now();
  const expireAt = new Date(now.getTime() + DUB_MEDIA_KEEP_MS).toISOString();
  // A composition replaced by this one leaves no file behind (the iteration's own video stays).
  if (row.video_blob && row.video_blob !== videoBlob && row.video_blob.includes('/subtitled-')) await blobStore.delete(container, row.video_blob);
  // The voice-over the composition is made of is kept as long as the composition.
  await db.updateTable('dub_tasks').set({ expire_at: expireAt, expired_at: null }).where('id', '=', task.id).where('expire_at', '<', expireAt).execute();
  await db
    .updateTable('dub_syntheses')
    .set({
      state: 'completed',
      video_blob: videoBlob,
      audio_blob: latest.outputs.dubbedAudio,
      error_key: null,
      expire_at: expireAt,
      expired_at: null,
      updated_at: now.toISOString(),
    })
    .where('id', '=', row.id)
    .execute();
}
