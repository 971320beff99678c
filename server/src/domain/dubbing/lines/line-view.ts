// One dubbing line as the editor reads it: the record_segments row, its speaker (dub_speakers) and
// its take in the language asked for (dub_line_takes). `revoice` says whether the next voice-over
// must voice the line again: it has no take yet, or what it would be voiced from now — slot, spoken
// text, speaker's voice, pitch and rate — no longer hashes to the take's voiced_key (voiced-key.ts,
// the same key the dubbing job stores and the voice-over compares).
import type { components } from '../../../../../src/api/schema';
import type { DubLineTakeRow, DubSpeakerRow, RecordSegmentRow } from '../../../db/schema';
import { toSubtitleLine } from '../../records/record-view';
import { voicedKey } from '../voiced-key';

export type SubtitleLine = components['schemas']['SubtitleLine'];

export interface LineContext {
  /** True when the language asked for is the task's own translation language (record_segments.translation). */
  ownLanguage: boolean;
  speakers: ReadonlyMap<string, DubSpeakerRow>;
  takes: ReadonlyMap<string, DubLineTakeRow>;
}

/** The text a line is voiced from in the language of `context`. */
export function spokenText(segment: RecordSegmentRow, take: DubLineTakeRow | undefined, ownLanguage: boolean): string | null {
  return ownLanguage ? segment.translation : (take?.translation ?? null);
}

export function needsRevoice(segment: RecordSegmentRow, speaker: DubSpeakerRow | undefined, take: DubLineTakeRow | undefined, ownLanguage: boolean): boolean {
  if (!take?.voiced_key || !speaker) return true;
  const key = voicedKey({
    startMs: segment.start_ms,
    endMs: segment.end_ms,
    text: spokenText(segment, take, ownLanguage) ?? '',
    voice: speaker.voice,
    pitch: speaker.pitch,
    rate: speaker.rate,
  });
  return key !== take.voiced_key;
}

export function toDubLine(segment: RecordSegmentRow, context: LineContext): SubtitleLine {
  const speaker = segment.speaker_id ? context.speakers.get(segment.speaker_id) : undefined;
  const take = context.takes.get(segment.id);
  const base = toSubtitleLine(segment);
  const translation = spokenText(segment, take, context.ownLanguage);
  return {
    ...base,
    translation,
    speaker: speaker?.name ?? segment.speaker,
    speakerId: speaker?.id ?? null,
    // Staleness is tracked for the task's own translation only.
    translationStale: context.ownLanguage ? base.translationStale : false,
    overrunMs: take?.overrun_ms ?? null,
    revoice: needsRevoice(segment, speaker, take, context.ownLanguage),
  };
}
