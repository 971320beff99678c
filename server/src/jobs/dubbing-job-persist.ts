// The results of a finished dubbing run written as the task's own: its speakers (named in the
// submitter's language), lines (record_segments), per-line takes and iteration 1 with the uploaded
// outputs, in one transaction that replaces whatever an earlier attempt wrote.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { DUB_OUTPUT_RETENTION_DAYS } from '../../../src/shared/contract/dub-limits';
import type { Clock } from '../clock';
import type { Database, RecordPipelineColumns } from '../db/schema';
import type { DubResult } from '../domain/dubbing/pipeline';
import type { DubOutputs } from '../domain/dubbing/outputs';
import type { DubJobPayload } from '../domain/dubbing/tasks/dub-job-kind';
import { RECORD_STATE_OF } from '../domain/dubbing/tasks/task-view';
import { voicedKey } from '../domain/dubbing/voiced-key';
import { segmentRows } from '../domain/records/create-record';
import type { ServerI18n } from '../i18n';

const DAY_MS = 86_400_000;
const INSERT_BATCH = 200;

export interface PersistDeps {
  db: Kysely<Database>;
  clock: Clock;
  i18n: ServerI18n;
}

export async function persistDubResult(
  { db, clock, i18n }: PersistDeps,
  taskId: string,
  payload: DubJobPayload,
  lang: string,
  durationMs: number,
  result: DubResult,
  outputs: DubOutputs,
): Promise<void> {
  const t = i18n.translatorFor(payload.locale) as unknown as (key: string, params?: Record<string, unknown>) => string;
  const at = clock.now().toISOString();
  const speakers = result.speakers.map((s) => ({
    id: randomUUID(),
    task_id: taskId,
    number: s.id,
    name: t('uploads:speakerName', { number: s.id + 1 }),
    voice: s.voice,
    pitch: s.pitch,
    rate: s.rate,
    gender: s.gender,
    source_pitch_hz: s.sourcePitchHz,
  }));
  const speakerOf = new Map(result.speakers.map((s, i) => [s.id, { row: speakers[i]!, voice: s }]));
  const segments = segmentRows(
    taskId,
    result.lines.map((l) => ({ startMs: l.startMs, endMs: l.endMs, speaker: speakerOf.get(l.speaker)?.row.name ?? null, text: l.source, translation: l.translation })),
  ).map((row, i) => ({ ...row, speaker_id: speakerOf.get(result.lines[i]!.speaker)?.row.id ?? null }));
  const takes = segments.map((segment, i) => {
    const line = result.lines[i]!;
    const voice = speakerOf.get(line.speaker)?.voice;
    return {
      segment_id: segment.id,
      task_id: taskId,
      lang,
      translation: null,
      dub_start_ms: line.dubStartMs,
      dub_end_ms: line.dubEndMs,
      rate: line.rate,
      stretch: line.stretch,
      overrun_ms: line.overrunMs,
      voiced_key: voice ? voicedKey({ startMs: line.startMs, endMs: line.endMs, text: line.translation, voice: voice.voice, pitch: voice.pitch, rate: voice.rate }) : null,
      clip: null,
    };
  });
  const expireAt = new Date(clock.now().getTime() + DUB_OUTPUT_RETENTION_DAYS * DAY_MS).toISOString();
  await db.transaction().execute(async (trx) => {
    // A retried run starts over: what an earlier attempt wrote is replaced, never doubled.
    await trx.deleteFrom('dub_line_takes').where('task_id', '=', taskId).execute();
    await trx.deleteFrom('record_segments').where('record_id', '=', taskId).execute();
    await trx.deleteFrom('dub_iterations').where('task_id', '=', taskId).execute();
    await trx.deleteFrom('dub_speakers').where('task_id', '=', taskId).execute();
    if (speakers.length) await trx.insertInto('dub_speakers').values(speakers).execute();
    for (let i = 0; i < segments.length; i += INSERT_BATCH) await trx.insertInto('record_segments').values(segments.slice(i, i + INSERT_BATCH)).execute();
    for (let i = 0; i < takes.length; i += INSERT_BATCH) await trx.insertInto('dub_line_takes').values(takes.slice(i, i + INSERT_BATCH)).execute();
    await trx
      .insertInto('dub_iterations')
      .values({ id: randomUUID(), task_id: taskId, number: 1, lang, state: 'dubbed', charged_seconds: durationMs / 1000, error_key: null, outputs: JSON.stringify(outputs), created_at: at, updated_at: at })
      .execute();
    await trx
      .updateTable('dub_tasks')
      .set({ state: 'dubbed', step: null, progress: null, error_key: null, error_params: null, background: result.background, voice_left_db: result.voiceLeftDb, voice_remover: result.voiceRemover, expire_at: expireAt, expired_at: null, updated_at: at })
      .where('id', '=', taskId)
      .execute();
    await trx
      .withTables<{ records: RecordPipelineColumns }>()
      .updateTable('records')
      .set({ state: RECORD_STATE_OF.dubbed, progress: null, error_message: null, duration_ms: result.durationMs, audio_duration_ms: result.durationMs, updated_at: at })
      .where('id', '=', taskId)
      .execute();
  });
}
