// Tests' dubbing task the way the first dubbing job leaves it: the rows of ../test-task.ts (file,
// record, task, speakers, lines, takes with their voiced keys) seeded from a real runDubbing result
// (SRT fast path), plus what only a finished run has: the source video in the owner's container and
// iteration 1 with its outputs.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import type { Kysely } from 'kysely';
import type { Clock } from '../clock';
import type { Database } from '../db/schema';
import { sortableId } from '../db/sortable-id';
import { containerOf, type BlobStore } from '../domain/storage/blob-store.port';
import { putFile } from '../storage/blob/put-file';
import { dubOutputPrefix } from '../domain/dubbing/outputs';
import type { DubResult } from '../domain/dubbing/pipeline/run-dubbing';
import { seedDubTask } from './dubbing-test-task';
import { DUB_MEDIA_KEEP_MS } from '../domain/dubbing/voiceover/deps';
import { outputNames } from '../domain/dubbing/voiceover/run-iteration';

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
  const now = clock.now();
  const sourceBlob = `${randomUUID()}-source.mp4`;
  await putFile(blobStore, container, sourceBlob, input.videoPath);
  const speakerIndex = new Map(result.speakers.map((s, index) => [s.id, index]));
  const { taskId, lineIds } = await seedDubTask(db, clock, {
    userId,
    showName: input.showName ?? 'Dubbed talk',
    videoDurationMs: result.durationMs,
    audioLanguage: input.audioLanguage,
    translationLanguage: input.translationLanguage,
    file: { container, blobName: sourceBlob, sizeBytes: (await fs.stat(input.videoPath)).size },
    formSpeakers: result.speakers.length,
    background: result.background,
    expireAt: new Date(now.getTime() + DUB_MEDIA_KEEP_MS).toISOString(),
    speakers: result.speakers.map((s) => ({ name: s.name, voice: s.voice, pitch: s.pitch, rate: s.rate, gender: s.gender, number: s.id, sourcePitchHz: s.sourcePitchHz })),
    lines: result.lines.map((l) => ({
      startMs: l.startMs,
      endMs: l.endMs,
      text: l.source,
      translation: l.translation,
      speaker: speakerIndex.get(l.speaker) ?? null,
      overrunMs: l.overrunMs,
      dub: { startMs: l.dubStartMs, endMs: l.dubEndMs, rate: l.rate, stretch: l.stretch },
    })),
  });
  const { names, files } = outputNames(dubOutputPrefix(taskId, input.translationLanguage, 1), result);
  for (const [local, blob] of files) await putFile(blobStore, container, blob, local);
  await db
    .insertInto('dub_iterations')
    .values({ id: sortableId(), task_id: taskId, number: 1, lang: input.translationLanguage, state: 'dubbed', charged_seconds: Math.ceil(result.durationMs / 1000), error_key: null, outputs: JSON.stringify(names), created_at: now.toISOString(), updated_at: now.toISOString() })
    .execute();
  return { taskId, segmentIds: lineIds };
}
