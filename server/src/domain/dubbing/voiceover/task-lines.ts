// What a voice-over of one language works from, read from the database (the owner is checked first,
// by ../task-access): the task's lines (record_segments) with the text in that language and how each
// was voiced last time (dub_line_takes), and its speakers' remembered voices (dub_speakers).
import type { Kysely } from 'kysely';
import type { Database, DubSpeakerRow, DubTaskRow } from '../../../db/schema';
import type { RevoiceLine } from '../pipeline/revoice';
import type { SpeakerVoice } from '../pipeline/voices';

export interface TaskLine extends RevoiceLine {
  segmentId: string;
  /** The take's own translation column (languages other than the task's translation language). */
  takeTranslation: string | null;
  hasTake: boolean;
}

export function speakerVoice(row: DubSpeakerRow): SpeakerVoice {
  return { id: row.number, name: row.name, voice: row.voice, pitch: row.pitch, rate: row.rate, gender: row.gender, sourcePitchHz: row.source_pitch_hz };
}

export async function taskLines(db: Kysely<Database>, task: Pick<DubTaskRow, 'id' | 'translation_language'>, lang: string, speakers: DubSpeakerRow[]): Promise<TaskLine[]> {
  const rows = await db
    .selectFrom('record_segments as s')
    .leftJoin('dub_line_takes as t', (join) => join.onRef('t.segment_id', '=', 's.id').on('t.lang', '=', lang))
    .select([
      's.id as segmentId', 's.start_ms', 's.end_ms', 's.text', 's.translation', 's.speaker_id',
      't.segment_id as takeSegment', 't.translation as takeTranslation', 't.voiced_key', 't.dub_start_ms', 't.dub_end_ms', 't.rate', 't.stretch', 't.overrun_ms',
    ])
    .where('s.record_id', '=', task.id)
    .orderBy('s.position')
    .execute();
  const numberOf = new Map(speakers.map((s) => [s.id, s.number]));
  const firstSpeaker = speakers[0]?.number ?? 0;
  return rows.map((r) => ({
    id: r.segmentId,
    segmentId: r.segmentId,
    startMs: r.start_ms,
    endMs: r.end_ms,
    source: r.text,
    text: (lang === task.translation_language ? r.translation : r.takeTranslation) ?? '',
    speaker: (r.speaker_id ? numberOf.get(r.speaker_id) : undefined) ?? firstSpeaker,
    takeTranslation: r.takeTranslation ?? null,
    hasTake: r.takeSegment !== null,
    previous:
      r.takeSegment === null
        ? null
        : { voicedKey: r.voiced_key, dubStartMs: r.dub_start_ms, dubEndMs: r.dub_end_ms, rate: r.rate, stretch: r.stretch, overrunMs: r.overrun_ms },
  }));
}
