// Tests' dubbing task, seeded straight into the database the way the first dubbing job leaves it:
// the source video in the owner's container, the record and its lines, the task, its speakers, the
// takes with their voiced keys and iteration 1 with real outputs made by runDubbing (SRT fast path).
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import type { Kysely } from 'kysely';
import type { Clock } from '../../../clock';
import type { Database } from '../../../db/schema';
import { sortableId } from '../../../db/sortable-id';
import { containerOf, type BlobStore } from '../../../storage/blob/blob-store';
import { putFile } from '../../../storage/blob/put-file';
import { createRecord } from '../../records/create-record';
import { dubOutputPrefix } from '../outputs';
import { currentKey } from '../pipeline/revoice';
import type { DubResult } from '../pipeline/run-dubbing';
import { outputNames } from './run-iteration';

export interface SeededTask {
  taskId: string;
  segmentIds: string[];
}

export async function seedDubbedTask(
  deps: { db: Kysely<Database>; clock: Clock; blobStore: BlobStore },
  input: { userId: string; videoPath: string; result: DubResult; audioLanguage: string; translationLanguage: string; showName?: string },
): Promise<SeededTask> {
  const { db, clock, blobStore } = deps;
  const { userId, result } = input;
  const container = containerOf(userId);
  const taskId = randomUUID();
  const fileId = sortableId();
  const now = clock.now();
  const sourceBlob = `${fileId}-source.mp4`;
  await putFile(blobStore, container, sourceBlob, input.videoPath);
  await db
    .insertInto('dub_files')
    .values({ id: fileId, user_id: userId, container, blob_name: sourceBlob, ori_file_name: 'talk.mp4', size_bytes: (await fs.stat(input.videoPath)).size, duration_ms: result.durationMs, folder_id: null, created_at: now.toISOString() })
    .execute();
  await createRecord(db, clock, {
    id: taskId,
    userId,
    showName: input.showName ?? 'Dubbed talk',
    kind: 'dubbing',
    languages: [input.audioLanguage],
    targetLanguages: [input.translationLanguage],
    durationMs: result.durationMs,
    segments: result.lines.map((l) => ({ startMs: l.startMs, endMs: l.endMs, speaker: null, text: l.source, translation: l.translation })),
  });
  await db
    .insertInto('dub_tasks')
    .values({
      id: taskId,
      user_id: userId,
      file_id: fileId,
      state: 'dubbed',
      step: null,
      progress: null,
      error_key: null,
      error_params: null,
      form: JSON.stringify({ sourceLanguage: input.audioLanguage, targetLanguage: input.translationLanguage, speakers: result.speakers.length }),
      audio_language: input.audioLanguage,
      translation_language: input.translationLanguage,
      background: result.background,
      expire_at: new Date(now.getTime() + 7 * 86_400_000).toISOString(),
      expired_at: null,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    })
    .execute();
  const speakerIds = new Map<number, string>();
  for (const s of result.speakers) {
    const id = randomUUID();
    speakerIds.set(s.id, id);
    await db
      .insertInto('dub_speakers')
      .values({ id, task_id: taskId, number: s.id, name: s.name, voice: s.voice, pitch: s.pitch, rate: s.rate, gender: s.gender, source_pitch_hz: s.sourcePitchHz })
      .execute();
  }
  const segments = await db.selectFrom('record_segments').select(['id', 'position']).where('record_id', '=', taskId).orderBy('position').execute();
  const voiceOf = new Map(result.speakers.map((s) => [s.id, s]));
  for (const [i, line] of result.lines.entries()) {
    const segmentId = segments[i]!.id;
    await db.updateTable('record_segments').set({ speaker_id: speakerIds.get(line.speaker) ?? null }).where('id', '=', segmentId).execute();
    await db
      .insertInto('dub_line_takes')
      .values({
        segment_id: segmentId,
        task_id: taskId,
        lang: input.translationLanguage,
        translation: null,
        dub_start_ms: line.dubStartMs,
        dub_end_ms: line.dubEndMs,
        rate: line.rate,
        stretch: line.stretch,
        overrun_ms: line.overrunMs,
        voiced_key: currentKey({ startMs: line.startMs, endMs: line.endMs, text: line.translation }, voiceOf.get(line.speaker)!),
        clip: null,
      })
      .execute();
  }
  const { names, files } = outputNames(dubOutputPrefix(taskId, input.translationLanguage, 1), result);
  for (const [local, blob] of files) await putFile(blobStore, container, blob, local);
  await db
    .insertInto('dub_iterations')
    .values({ id: sortableId(), task_id: taskId, number: 1, lang: input.translationLanguage, state: 'dubbed', charged_seconds: Math.ceil(result.durationMs / 1000), error_key: null, outputs: JSON.stringify(names), created_at: now.toISOString(), updated_at: now.toISOString() })
    .execute();
  return { taskId, segmentIds: segments.map((s) => s.id) };
}
