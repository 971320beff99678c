// Test fixture (reusable by every dubbing test): a dubbed task written straight into the database —
// the uploaded file, the record of kind 'dubbing', the dub_tasks row, its speakers with voices, its
// lines (record_segments with speaker_id) and, per line, a take in the translation language whose
// voiced_key matches the line as it is (so it reads revoice: false) unless the line says otherwise.
// voiceover/test-dub-task.ts seeds the same rows from a real runDubbing result and adds its outputs.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Clock } from '../clock';
import type { Database, DubTaskState } from '../db/schema';
import { createRecord } from '../domain/records/create-record';
import { voicedKey } from '../domain/dubbing/voiced-key';

export interface TestSpeaker {
  name: string;
  /** An id the embedded synthesiser lists for the translation language (espeak-ng: 'es+m3', 'en-us+f2'). */
  voice: string;
  pitch?: number;
  rate?: number;
  gender?: 'male' | 'female';
  /** dub_speakers.number (default: the index in `speakers`). */
  number?: number;
  sourcePitchHz?: number | null;
}

export interface TestLine {
  startMs: number;
  endMs: number;
  text: string;
  translation: string | null;
  /** Index into `speakers`; null for a line without a speaker. */
  speaker: number | null;
  /** The take of the translation language: 'voiced' (matching key, default), 'stale' (a key of other text) or 'none'. */
  take?: 'voiced' | 'stale' | 'none';
  overrunMs?: number;
  /** How the take was fitted (default: in its slot at the speaker's rate, unstretched). */
  dub?: { startMs: number; endMs: number; rate: number; stretch: number };
}

export interface SeedDubTaskInput {
  userId: string;
  showName?: string;
  videoDurationMs?: number;
  audioLanguage?: string;
  translationLanguage?: string;
  state?: DubTaskState;
  /** The uploaded video's blob (default: a name in a test container, 1000 bytes). */
  file?: { container: string; blobName: string; sizeBytes: number };
  /** The form's speakers choice (default 'auto'). */
  formSpeakers?: 'auto' | number;
  background?: 'original' | 'centreCancelled';
  expireAt?: string | null;
  speakers?: TestSpeaker[];
  lines?: TestLine[];
}

export interface SeededDubTask {
  taskId: string;
  fileId: string;
  speakerIds: string[];
  lineIds: string[];
}

export const TEST_SPEAKERS: TestSpeaker[] = [
  { name: 'Ann', voice: 'es+f2', pitch: 60, rate: 1, gender: 'female' },
  { name: 'Bob', voice: 'es+m3', pitch: 40, rate: 1, gender: 'male' },
];

export const TEST_LINES: TestLine[] = [
  { startMs: 0, endMs: 2000, text: 'Good morning everyone.', translation: 'Buenos días a todos.', speaker: 0, overrunMs: 0 },
  { startMs: 2000, endMs: 4000, text: 'Morning Ann.', translation: 'Buenos días, Ann.', speaker: 1, overrunMs: 0 },
  { startMs: 4500, endMs: 6000, text: 'Let us start.', translation: 'Empecemos.', speaker: 0, overrunMs: 120 },
];

export async function seedDubTask(db: Kysely<Database>, clock: Clock, input: SeedDubTaskInput): Promise<SeededDubTask> {
  const now = clock.now().toISOString();
  const videoDurationMs = input.videoDurationMs ?? 10_000;
  const audioLanguage = input.audioLanguage ?? 'en-US';
  const translationLanguage = input.translationLanguage ?? 'es-ES';
  const speakers = input.speakers ?? TEST_SPEAKERS;
  const lines = input.lines ?? TEST_LINES;
  const fileId = randomUUID();
  await db
    .insertInto('dub_files')
    .values({
      id: fileId, user_id: input.userId, container: input.file?.container ?? `test-${input.userId}`, blob_name: input.file?.blobName ?? `${fileId}.mp4`,
      ori_file_name: 'talk.mp4', size_bytes: input.file?.sizeBytes ?? 1000, duration_ms: videoDurationMs, folder_id: null, created_at: now,
    })
    .execute();
  const record = await createRecord(db, clock, {
    userId: input.userId,
    showName: input.showName ?? 'talk.mp4',
    kind: 'dubbing',
    languages: [audioLanguage],
    targetLanguages: [translationLanguage],
    durationMs: videoDurationMs,
    audioDurationMs: videoDurationMs,
  });
  const taskId = record.id;
  await db
    .insertInto('dub_tasks')
    .values({
      id: taskId, user_id: input.userId, file_id: fileId, state: input.state ?? 'dubbed', step: null, progress: null, error_key: null, error_params: null,
      form: JSON.stringify({ sourceLanguage: audioLanguage, targetLanguage: translationLanguage, speakers: input.formSpeakers ?? 'auto' }),
      audio_language: audioLanguage, translation_language: translationLanguage, background: input.background ?? 'original',
      expire_at: input.expireAt ?? null, expired_at: null,
      created_at: now, updated_at: now,
    })
    .execute();
  const speakerRows = speakers.map((speaker, number) => ({
    id: randomUUID(), task_id: taskId, number: speaker.number ?? number, name: speaker.name, voice: speaker.voice, pitch: speaker.pitch ?? 50,
    rate: speaker.rate ?? 1, gender: speaker.gender ?? 'male', source_pitch_hz: speaker.sourcePitchHz ?? null,
  }));
  if (speakerRows.length) await db.insertInto('dub_speakers').values(speakerRows).execute();
  const segmentRows = lines.map((line, position) => {
    const speaker = line.speaker === null ? undefined : speakerRows[line.speaker];
    return {
      id: randomUUID(), record_id: taskId, position, start_ms: line.startMs, end_ms: line.endMs, speaker: speaker?.name ?? null, speaker_id: speaker?.id ?? null,
      text: line.text, translation: line.translation, words: null, translation_stale: 0,
    };
  });
  for (let start = 0; start < segmentRows.length; start += 100) await db.insertInto('record_segments').values(segmentRows.slice(start, start + 100)).execute();
  const takes = lines.flatMap((line, index) => {
    const kind = line.take ?? 'voiced';
    const segment = segmentRows[index]!;
    const speaker = line.speaker === null ? undefined : speakerRows[line.speaker];
    if (kind === 'none' || !speaker) return [];
    const key = voicedKey({
      startMs: line.startMs, endMs: line.endMs, text: kind === 'voiced' ? (line.translation ?? '') : `${line.translation ?? ''} (before an edit)`,
      voice: speaker.voice, pitch: speaker.pitch, rate: speaker.rate,
    });
    return [{
      segment_id: segment.id, task_id: taskId, lang: translationLanguage, translation: null, dub_start_ms: line.dub?.startMs ?? line.startMs,
      dub_end_ms: line.dub?.endMs ?? line.endMs, rate: line.dub?.rate ?? speaker.rate, stretch: line.dub?.stretch ?? 1, overrun_ms: line.overrunMs ?? 0,
      voiced_key: key, clip: null,
    }];
  });
  for (let start = 0; start < takes.length; start += 100) await db.insertInto('dub_line_takes').values(takes.slice(start, start + 100)).execute();
  return { taskId, fileId, speakerIds: speakerRows.map((s) => s.id), lineIds: segmentRows.map((s) => s.id) };
}
