// Putting a local file into the blob store and collecting what a dubbing task keeps there. The job
// writes its outputs with uploadFileToBlob (the shared putFile in 4 MB blocks, then one block
// list); removing a task or its record deletes every blob taskBlobs names.
import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import type { BlobStore } from '../../storage/blob-store.port';
import { putFile } from '../../../storage/blob/put-file';
import { parseDubOutputs, type DubOutputs } from '../outputs';

const BLOCK_BYTES = 4 * 1024 * 1024;

/** The job's outputs in 4 MB blocks, streamed from disk one at a time (the shared putFile). */
export function uploadFileToBlob(store: BlobStore, container: string, blob: string, filePath: string): Promise<void> {
  return putFile(store, container, blob, filePath, { blockBytes: BLOCK_BYTES });
}

export function outputBlobs(outputs: DubOutputs | null): string[] {
  if (!outputs) return [];
  return [outputs.video, outputs.dubbedAudio, outputs.dubbedSpeech, ...outputs.perSpeaker.map((p) => p.blob), outputs.srt.source, outputs.srt.translation, outputs.srt.bilingual].filter(Boolean);
}

/** The SRT attachment a task's form names (its blob in the owner's container), null when none. */
export function srtBlobOf(store: BlobStore, formJson: string, container: string): string | null {
  try {
    const url = (JSON.parse(formJson) as { srtUrl?: unknown }).srtUrl;
    if (typeof url !== 'string' || !url) return null;
    const located = store.locate(url);
    return located && located.container === container ? located.blob : null;
  } catch {
    return null;
  }
}

/** Every blob the given tasks keep: iteration outputs, compositions, line clips and SRT attachments. */
export async function taskBlobs(db: Kysely<Database>, store: BlobStore, container: string, taskIds: string[]): Promise<string[]> {
  if (taskIds.length === 0) return [];
  const [tasks, iterations, syntheses, takes] = await Promise.all([
    db.selectFrom('dub_tasks').select(['id', 'form']).where('id', 'in', taskIds).execute(),
    db.selectFrom('dub_iterations').select('outputs').where('task_id', 'in', taskIds).execute(),
    db.selectFrom('dub_syntheses').select(['video_blob', 'audio_blob']).where('task_id', 'in', taskIds).execute(),
    db.selectFrom('dub_line_takes').select('clip').where('task_id', 'in', taskIds).where('clip', 'is not', null).execute(),
  ]);
  const names = new Set<string>();
  for (const t of tasks) {
    const srt = srtBlobOf(store, t.form, container);
    if (srt) names.add(srt);
  }
  for (const i of iterations) for (const name of outputBlobs(parseDubOutputs(i.outputs))) names.add(name);
  for (const s of syntheses) for (const name of [s.video_blob, s.audio_blob]) if (name) names.add(name);
  for (const t of takes) if (t.clip) names.add(t.clip);
  // Anything else written under a task's own prefix (a run that failed half-way) goes too.
  const prefixes = taskIds.map((id) => `dub/${id}/`);
  for (const name of await store.listBlobs(container)) if (prefixes.some((p) => name.startsWith(p))) names.add(name);
  return [...names];
}

export async function deleteBlobs(store: BlobStore, container: string, names: string[]): Promise<void> {
  for (const name of names) await store.delete(container, name);
}

/** Small bytes (an SRT attachment) as a one-block blob. */
export async function uploadBytesToBlob(store: BlobStore, container: string, blob: string, bytes: Buffer): Promise<void> {
  const id = Buffer.from('blk-00000000').toString('base64');
  await store.putBlock(container, blob, id, Readable.from([bytes]), Math.max(1, bytes.length));
  await store.commitBlockList(container, blob, [id]);
}
