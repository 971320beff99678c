// Tables of dubbing (0018, 0019): registered videos, tasks, speakers, line takes, iterations and syntheses.
import type { ColumnType, Selectable } from 'kysely';

/** A video registered for dubbing after its blob passed the content checks (migration 0018). */
export interface DubFilesTable {
  id: string;
  user_id: string;
  container: string;
  blob_name: string;
  ori_file_name: string;
  /** PostgreSQL bigint reads back as a string; use Number(). */
  size_bytes: number | string;
  duration_ms: number;
  folder_id: string | null;
  created_at: string;
}

export type DubTaskState = 'translating' | 'translated' | 'dubbing' | 'dubbed' | 'failed';

/** A dubbing task: a record of kind 'dubbing' with the same id (migration 0019). */
export interface DubTasksTable {
  id: string;
  user_id: string;
  /** The dub_files row the video came from; null once that file is gone. */
  file_id: string | null;
  state: DubTaskState;
  /** The pipeline step running or failed (DubProgressStep), null when none. */
  step: string | null;
  progress: number | null;
  /** A DubbingError key of the `engines` namespace (translated when answered) and its JSON params. */
  error_key: string | null;
  error_params: string | null;
  /** JSON: the DubForm as submitted (subtitle settings, srtFileType, srtUrl, speakers). */
  form: string;
  audio_language: string;
  translation_language: string | null;
  /** Which background the mix kept: 'original' | 'centreCancelled'. */
  background: string | null;
  /** dB the rest of the original sits below the dub while it speaks (voice removal), null before measured. */
  voice_left_db: ColumnType<number | null, number | null | undefined, number | null>;
  /** Which remover made the background: 'gate' | 'separation'. */
  voice_remover: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the voice-over and composite files are purged (7 days after they were made). */
  expire_at: string | null;
  expired_at: string | null;
  created_at: string;
  updated_at: string;
}

/** One speaker of a task and the voice remembered for it across iterations. */
export interface DubSpeakersTable {
  id: string;
  task_id: string;
  /** The pipeline's speaker number (SpeakerVoice.id). */
  number: number;
  name: string;
  voice: string;
  pitch: number;
  rate: number;
  gender: 'male' | 'female';
  source_pitch_hz: number | null;
}

/** How one line was voiced in one language: the fit result and what was voiced (to re-voice only changes). */
export interface DubLineTakesTable {
  segment_id: string;
  task_id: string;
  lang: string;
  /** Only for languages other than the task's translation_language (that one is record_segments.translation). */
  translation: string | null;
  dub_start_ms: number | null;
  dub_end_ms: number | null;
  rate: number | null;
  stretch: number | null;
  overrun_ms: number | null;
  /** Hash of text, slot and voice when last voiced; a line whose key differs is re-voiced. */
  voiced_key: string | null;
  /** Where the voiced clip is kept (blob name), null when none. */
  clip: string | null;
}

export interface DubIterationsTable {
  id: string;
  task_id: string;
  number: number;
  lang: string;
  state: 'dubbing' | 'dubbed' | 'failed';
  charged_seconds: number;
  error_key: string | null;
  /** JSON: blob names of this run's outputs (video, dubbedAudio, dubbedSpeech, perSpeaker, srt). */
  outputs: string | null;
  created_at: string;
  updated_at: string;
}

export interface DubSynthesesTable {
  id: string;
  task_id: string;
  lang: string;
  state: 'composing' | 'completed' | 'failed';
  /** JSON: burn-in settings of this composition. */
  settings: string;
  video_blob: string | null;
  audio_blob: string | null;
  error_key: string | null;
  expire_at: string | null;
  expired_at: string | null;
  created_at: string;
  updated_at: string;
}

/** A voice a user gave a speaker name in a dubbing language, offered again to speakers of that name (0023). */
export interface DubVoiceChoicesTable {
  user_id: string;
  /** The speaker name trimmed and lower-cased. */
  name_key: string;
  lang: string;
  voice: string;
  updated_at: string;
}

/** The dubbing tables as the Database names them (server/src/db/schema.ts composes them). */
export interface DubbingTables {
  dub_files: DubFilesTable;
  dub_tasks: DubTasksTable;
  dub_speakers: DubSpeakersTable;
  dub_line_takes: DubLineTakesTable;
  dub_iterations: DubIterationsTable;
  dub_syntheses: DubSynthesesTable;
  dub_voice_choices: DubVoiceChoicesTable;
}

export type DubTaskRow = Selectable<DubTasksTable>;
export type DubSpeakerRow = Selectable<DubSpeakersTable>;
export type DubLineTakeRow = Selectable<DubLineTakesTable>;
export type DubIterationRow = Selectable<DubIterationsTable>;
export type DubSynthesisRow = Selectable<DubSynthesesTable>;
