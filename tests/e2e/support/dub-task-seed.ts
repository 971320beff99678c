// Seeds a dubbed task straight into the database and blob store of a test server, as the pipeline
// would have left it: a real mp4 (made with ffmpeg) stored as the uploaded file, the task's record
// with its lines, two speakers with their voices, and per-line takes with the overrun the fitting
// reported. The editor e2e test and the editor benchmark open it at /dub?id=<taskId>.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createReadStream, statSync } from 'node:fs';
import { promisify } from 'node:util';
import type { Kysely } from 'kysely';
import type { Clock } from '../../../server/src/clock';
import type { Database } from '../../../server/src/db/schema';
import { createRecord } from '../../../server/src/domain/records/create-record';
import { containerOf, type BlobStore } from '../../../server/src/domain/storage/blob-store.port';

const run = promisify(execFile);

/**
 * A small real mp4: a test pattern at a tiny size and low frame rate, and a tone with a little noise
 * (so the waveform has shape), encoded cheaply enough that even 4 hours takes seconds.
 */
export async function makeTestVideo(path: string, seconds: number): Promise<void> {
  await run('ffmpeg', [
    '-hide_banner', '-loglevel', 'error', '-y',
    '-f', 'lavfi', '-i', `testsrc2=size=160x90:rate=5:duration=${seconds}`,
    '-f', 'lavfi', '-i', `sine=frequency=220:sample_rate=8000:duration=${seconds}`,
    '-f', 'lavfi', '-i', `anoisesrc=color=pink:amplitude=0.2:sample_rate=8000:duration=${seconds}`,
    '-filter_complex', '[1:a][2:a]amix=inputs=2:duration=first,volume=2[a]',
    '-map', '0:v', '-map', '[a]',
    '-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'stillimage', '-g', '250', '-b:v', '20k',
    '-c:a', 'aac', '-b:a', '16k', '-ac', '1',
    '-movflags', '+faststart', path,
  ], { maxBuffer: 16 * 1024 * 1024 });
}

export interface SeedLine {
  startMs: number;
  endMs: number;
  text: string;
  translation: string;
  /** Index into the speakers. */
  speaker: number;
  overrunMs?: number;
}

export interface SeededDubTask {
  taskId: string;
  speakerIds: string[];
  segmentIds: string[];
}

const SPEAKERS = [
  { name: 'Ana', voice: 'es+f3', gender: 'female' as const, pitch: 60 },
  { name: 'Ben', voice: 'es+m3', gender: 'male' as const, pitch: 40 },
];

export async function seedDubTask(
  db: Kysely<Database>,
  store: BlobStore,
  clock: Clock,
  input: { userId: string; showName: string; videoPath: string; durationMs: number; lines: SeedLine[]; audioLanguage?: string; translationLanguage?: string },
): Promise<SeededDubTask> {
  const now = clock.now().toISOString();
  const container = containerOf(input.userId);
  const blob = `${randomUUID().slice(0, 8)}-seed.mp4`;
  const size = statSync(input.videoPath).size;
  const blockId = Buffer.from('block-000000').toString('base64');
  await store.putBlock(container, blob, blockId, createReadStream(input.videoPath), size);
  await store.commitBlockList(container, blob, [blockId]);
  const fileId = randomUUID();
  await db
    .insertInto('dub_files')
    .values({ id: fileId, user_id: input.userId, container, blob_name: blob, ori_file_name: `${input.showName}.mp4`, size_bytes: size, duration_ms: input.durationMs, folder_id: null, created_at: now })
    .execute();

  const audioLanguage = input.audioLanguage ?? 'en-US';
  const translationLanguage = input.translationLanguage ?? 'es-ES';
  const record = await createRecord(db, clock, {
    userId: input.userId,
    showName: input.showName,
    kind: 'dubbing',
    languages: [audioLanguage],
    targetLanguages: [translationLanguage],
    durationMs: input.durationMs,
    segments: input.lines.map((line) => ({ startMs: line.startMs, endMs: line.endMs, text: line.text, translation: line.translation, speaker: SPEAKERS[line.speaker]!.name })),
  });
  await db
    .insertInto('dub_tasks')
    .values({
      id: record.id,
      user_id: input.userId,
      file_id: fileId,
      state: 'dubbed',
      step: null,
      progress: 100,
      error_key: null,
      error_params: null,
      form: JSON.stringify({ audioLanguage, translationLanguage, maxSpeakers: 2, maxSpeakersAuto: false }),
      audio_language: audioLanguage,
      translation_language: translationLanguage,
      background: 'original',
      expire_at: new Date(clock.now().getTime() + 7 * 24 * 3600 * 1000).toISOString(),
      expired_at: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  const speakerIds = SPEAKERS.map(() => randomUUID());
  await db
    .insertInto('dub_speakers')
    .values(SPEAKERS.map((speaker, number) => ({ id: speakerIds[number]!, task_id: record.id, number, name: speaker.name, voice: speaker.voice, pitch: speaker.pitch, rate: 1, gender: speaker.gender, source_pitch_hz: null })))
    .execute();
  const segments = await db.selectFrom('record_segments').select(['id', 'position']).where('record_id', '=', record.id).orderBy('position').execute();
  for (const speaker of SPEAKERS.keys()) {
    const ids = segments.filter((segment) => input.lines[segment.position]!.speaker === speaker).map((segment) => segment.id);
    for (let start = 0; start < ids.length; start += 500) {
      await db.updateTable('record_segments').set({ speaker_id: speakerIds[speaker]! }).where('id', 'in', ids.slice(start, start + 500)).execute();
    }
  }
  const takes = segments.map((segment) => {
    const line = input.lines[segment.position]!;
    return {
      segment_id: segment.id,
      task_id: record.id,
      lang: translationLanguage,
      translation: null,
      dub_start_ms: line.startMs,
      dub_end_ms: line.endMs + (line.overrunMs ?? 0),
      rate: 1,
      stretch: 1,
      overrun_ms: line.overrunMs ?? 0,
      voiced_key: `seed-${segment.id}`,
      clip: null,
    };
  });
  for (let start = 0; start < takes.length; start += 80) await db.insertInto('dub_line_takes').values(takes.slice(start, start + 80)).execute();
  return { taskId: record.id, speakerIds, segmentIds: segments.map((segment) => segment.id) };
}

/** `count` lines of 1.6 s every 2 s, alternating speakers, every 97th running 350 ms over. */
export function evenLines(count: number, everyMs = 2000): SeedLine[] {
  return Array.from({ length: count }, (_, index) => ({
    startMs: index * everyMs,
    endMs: index * everyMs + Math.round(everyMs * 0.8),
    text: `Line ${index + 1} of the original talk.`,
    translation: `Línea ${index + 1} de la charla.`,
    speaker: index % 2,
    ...(index % 97 === 5 ? { overrunMs: 350 } : {}),
  }));
}
