// Retention of dubbing files (features §4: voice-over and composite videos are kept 7 days; the
// transcript and subtitles stay). Every 5 minutes: tasks and compositions past expire_at lose their
// media blobs (videos, dubbed audio and speech, per-speaker tracks, line clips) and are marked
// expired; the lines, speakers and the SRT outputs stay, so the task still opens. Hourly, each user's
// container is checked for blobs older than 24 h that nothing references (an upload never
// registered, an SRT never submitted, blocks never committed, files of a removed task) and those go.
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../../../clock';
import type { Database } from '../../../db/schema';
import { containerOf, type BlobStore } from '../../storage/blob-store.port';
import { parseDubOutputs } from '../outputs';
import { srtBlobOf } from './blob-files';

export const DUB_SWEEP_INTERVAL_MS = 5 * 60_000;
export const UNREFERENCED_BLOB_AGE_MS = 24 * 60 * 60_000;
/** Listing every container is the costly part: it runs on every 12th sweep (hourly by default). */
const UNREFERENCED_EVERY = 12;
const USER_PAGE = 500;

export interface DubSweepResult {
  expiredTasks: number;
  expiredSyntheses: number;
  unreferencedBlobs: number;
}

export interface DubRetentionSweep {
  sweep(): Promise<DubSweepResult>;
  start(): void;
  stop(): Promise<void>;
}

export interface DubRetentionDeps {
  db: Kysely<Database>;
  clock: Clock;
  store: BlobStore;
  log?: FastifyBaseLogger;
  intervalMs?: number;
  /** Caches derived from the purged media (waveform peaks) drop what no longer exists; runs on the hourly full sweep. */
  pruneDerived?: (now: Date) => Promise<unknown>;
}

export function createDubRetentionSweep(deps: DubRetentionDeps): DubRetentionSweep {
  const { db, clock, store } = deps;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> = Promise.resolve();

  async function expireTasks(now: string): Promise<number> {
    // A task with a voice-over running is left for the next sweep: that run sets a new expire_at.
    const due = await db.selectFrom('dub_tasks').select(['id', 'user_id']).where('expire_at', '<=', now).where('expired_at', 'is', null).where('state', '!=', 'dubbing').execute();
    let expired = 0;
    for (const task of due) {
      // Claimed by a conditional update, so a voice-over that started or finished meanwhile keeps its files.
      const claimed = await db
        .updateTable('dub_tasks')
        .set({ expired_at: now })
        .where('id', '=', task.id)
        .where('expire_at', '<=', now)
        .where('expired_at', 'is', null)
        .where('state', '!=', 'dubbing')
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) continue;
      expired += 1;
      const container = containerOf(task.user_id);
      const iterations = await db.selectFrom('dub_iterations').select('outputs').where('task_id', '=', task.id).execute();
      const clips = await db.selectFrom('dub_line_takes').select('clip').where('task_id', '=', task.id).where('clip', 'is not', null).execute();
      const names = new Set<string>();
      for (const row of iterations) {
        const outputs = parseDubOutputs(row.outputs);
        if (!outputs) continue;
        for (const name of [outputs.video, outputs.dubbedAudio, outputs.dubbedSpeech, ...outputs.perSpeaker.map((p) => p.blob)]) names.add(name);
      }
      for (const row of clips) if (row.clip) names.add(row.clip);
      const syntheses = await db.selectFrom('dub_syntheses').select(['video_blob', 'audio_blob']).where('task_id', '=', task.id).where('expired_at', 'is', null).execute();
      for (const row of syntheses) for (const name of [row.video_blob, row.audio_blob]) if (name) names.add(name);
      for (const name of names) await store.delete(container, name);
      await db.updateTable('dub_line_takes').set({ clip: null }).where('task_id', '=', task.id).execute();
      await db.updateTable('dub_syntheses').set({ expired_at: now }).where('task_id', '=', task.id).where('expired_at', 'is', null).execute();
    }
    return expired;
  }

  async function expireSyntheses(now: string): Promise<number> {
    const due = await db
      .selectFrom('dub_syntheses')
      .innerJoin('dub_tasks', 'dub_tasks.id', 'dub_syntheses.task_id')
      .select(['dub_syntheses.id', 'dub_syntheses.video_blob', 'dub_syntheses.audio_blob', 'dub_tasks.user_id'])
      .where('dub_syntheses.expire_at', '<=', now)
      .where('dub_syntheses.expired_at', 'is', null)
      .execute();
    for (const row of due) {
      for (const name of [row.video_blob, row.audio_blob]) if (name) await store.delete(containerOf(row.user_id), name);
      await db.updateTable('dub_syntheses').set({ expired_at: now }).where('id', '=', row.id).execute();
    }
    return due.length;
  }

  /** Blob names of the user's container that something in the database still points at. */
  async function referenced(userId: string, container: string): Promise<{ names: Set<string>; taskPrefixes: string[] }> {
    const [files, tasks, syntheses, clips] = await Promise.all([
      db.selectFrom('dub_files').select('blob_name').where('user_id', '=', userId).execute(),
      db.selectFrom('dub_tasks').select(['id', 'form']).where('user_id', '=', userId).execute(),
      db.selectFrom('dub_syntheses').innerJoin('dub_tasks', 'dub_tasks.id', 'dub_syntheses.task_id').select(['dub_syntheses.video_blob', 'dub_syntheses.audio_blob']).where('dub_tasks.user_id', '=', userId).execute(),
      db.selectFrom('dub_line_takes').innerJoin('dub_tasks', 'dub_tasks.id', 'dub_line_takes.task_id').select('dub_line_takes.clip').where('dub_tasks.user_id', '=', userId).where('dub_line_takes.clip', 'is not', null).execute(),
    ]);
    const names = new Set<string>(files.map((f) => f.blob_name));
    for (const task of tasks) {
      const srt = srtBlobOf(store, task.form, container);
      if (srt) names.add(srt);
    }
    for (const s of syntheses) for (const name of [s.video_blob, s.audio_blob]) if (name) names.add(name);
    for (const c of clips) if (c.clip) names.add(c.clip);
    // Whatever a live task writes under its own prefix belongs to it (outputs, a composition in progress).
    return { names, taskPrefixes: tasks.map((t) => `dub/${t.id}/`) };
  }

  async function sweepUnreferenced(cutoffMs: number): Promise<number> {
    let deleted = 0;
    let after = '';
    for (;;) {
      const users = await db.selectFrom('users').select('id').where('id', '>', after).orderBy('id').limit(USER_PAGE).execute();
      if (users.length === 0) break;
      after = users.at(-1)!.id;
      for (const { id } of users) {
        const container = containerOf(id);
        const old = (await store.listBlobInfo(container)).filter((b) => b.modifiedAt.getTime() < cutoffMs);
        if (old.length === 0) continue;
        const { names, taskPrefixes } = await referenced(id, container);
        for (const blob of old) {
          if (names.has(blob.name) || taskPrefixes.some((p) => blob.name.startsWith(p))) continue;
          await store.delete(container, blob.name);
          deleted += 1;
        }
      }
    }
    return deleted;
  }

  async function sweep(options: { unreferenced: boolean } = { unreferenced: true }): Promise<DubSweepResult> {
    const now = clock.now();
    const at = now.toISOString();
    const expiredTasks = await expireTasks(at);
    const expiredSyntheses = await expireSyntheses(at);
    const unreferencedBlobs = options.unreferenced ? await sweepUnreferenced(now.getTime() - UNREFERENCED_BLOB_AGE_MS) : 0;
    if (options.unreferenced) await deps.pruneDerived?.(now);
    return { expiredTasks, expiredSyntheses, unreferencedBlobs };
  }

  let runs = 0;
  const runOnce = () => {
    const full = runs % UNREFERENCED_EVERY === 0;
    runs += 1;
    running = running.then(() => sweep({ unreferenced: full })).catch((error: unknown) => deps.log?.error({ err: error }, 'dubbing retention sweep failed'));
  };

  return {
    sweep: () => {
      const result = running.then(() => sweep());
      running = result.catch(() => undefined);
      return result;
    },
    start() {
      if (timer) return;
      runOnce();
      timer = setInterval(runOnce, deps.intervalMs ?? DUB_SWEEP_INTERVAL_MS);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
