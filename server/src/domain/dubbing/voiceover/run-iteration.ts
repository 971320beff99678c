// The work of one iteration (run by the job): lines of the language (translated first when the
// language is new to the task), the speakers' voices, the previous run's speech in that language,
// then revoice() — only changed lines synthesised — and the outputs stored under
// dubOutputPrefix(task, lang, n), the takes updated, and the media kept 7 days from now.
import path from 'node:path';
import type { DubIterationRow, DubTaskRow } from '../../../db/schema';
import { withTempDir } from '../../../engines/temp-dir';
import { containerOf } from '../../storage/blob-store.port';
import { putFile } from '../../../storage/blob/put-file';
import { translateWithTerms } from '../../vocabulary/term-protection';
import { dubOutputPrefix, parseDubOutputs, type DubOutputs } from '../outputs';
import { revoice, type RevoiceResult } from '../pipeline/revoice';
import { chooseVoices, type SpeakerVoice } from '../pipeline/voices';
import { taskSpeakers } from '../task-access';
import { DUB_MEDIA_KEEP_MS, type VoiceoverDeps } from './deps';
import { speakerVoice, taskLines, type TaskLine } from './task-lines';

const TRANSLATE_BATCH = 50;

/** The latest finished run of the task in `lang` (before `beforeNumber` when given) whose speech is still stored. */
export async function latestOutputs(
  deps: Pick<VoiceoverDeps, 'db' | 'blobStore'>,
  task: Pick<DubTaskRow, 'id' | 'user_id'>,
  lang: string,
  beforeNumber = Number.MAX_SAFE_INTEGER,
): Promise<{ row: DubIterationRow; outputs: DubOutputs } | null> {
  const rows = await deps.db
    .selectFrom('dub_iterations')
    .selectAll()
    .where('task_id', '=', task.id)
    .where('lang', '=', lang)
    .where('state', '=', 'dubbed')
    .where('number', '<', beforeNumber)
    .orderBy('number', 'desc')
    .limit(1)
    .execute();
  const row = rows[0];
  const outputs = parseDubOutputs(row?.outputs ?? null);
  if (!row || !outputs) return null;
  // Expired (swept) media reads as none: every line is voiced again.
  if ((await deps.blobStore.size(containerOf(task.user_id), outputs.dubbedSpeech)) === null) return null;
  return { row, outputs };
}

/** The voices for `lang`: the remembered ones where the synthesiser has them, chosen from the same pitch otherwise. */
export function voicesFor(deps: Pick<VoiceoverDeps, 'engines'>, lang: string, speakers: Awaited<ReturnType<typeof taskSpeakers>>): SpeakerVoice[] {
  const synthesizer = deps.engines.synthesizerFor(lang);
  return chooseVoices(synthesizer, lang, speakers.map((s) => ({ id: s.number, pitchHz: s.source_pitch_hz })), speakers.map(speakerVoice)).map((v, i) => ({
    ...v,
    name: speakers[i]?.name ?? v.name,
  }));
}

/** Lines of a language new to the task get their translation (into dub_line_takes.translation). */
async function translateMissing(deps: VoiceoverDeps, task: DubTaskRow, lang: string, lines: TaskLine[], signal?: AbortSignal): Promise<void> {
  if (lang === task.translation_language) return;
  const missing = lines.filter((l) => !l.text.trim() && l.source.trim());
  if (!missing.length) return;
  const translator = deps.engines.translatorFor(task.audio_language, lang);
  for (let at = 0; at < missing.length; at += TRANSLATE_BATCH) {
    const batch = missing.slice(at, at + TRANSLATE_BATCH);
    const out = await translateWithTerms(translator, batch.map((l) => l.source), { from: task.audio_language, to: lang, signal }, null);
    for (const [k, line] of batch.entries()) {
      line.text = out[k] ?? '';
      line.takeTranslation = line.text;
      await deps.db
        .insertInto('dub_line_takes')
        .values({ segment_id: line.segmentId, task_id: task.id, lang, translation: line.text })
        .onConflict((oc) => oc.columns(['segment_id', 'lang']).doUpdateSet({ translation: line.text }))
        .execute();
    }
  }
}

export function outputNames(prefix: string, result: Pick<RevoiceResult, 'files'>): { names: DubOutputs; files: [string, string][] } {
  const names: DubOutputs = {
    video: `${prefix}/video.mp4`,
    dubbedAudio: `${prefix}/dubbed-audio.m4a`,
    dubbedSpeech: `${prefix}/dubbed-speech.m4a`,
    perSpeaker: result.files.perSpeaker.map((t) => ({ speaker: t.speaker, blob: `${prefix}/speaker-${t.speaker + 1}.m4a` })),
    srt: { source: `${prefix}/source.srt`, translation: `${prefix}/translation.srt`, bilingual: `${prefix}/bilingual.srt` },
  };
  const files: [string, string][] = [
    [result.files.video, names.video],
    [result.files.dubbedAudio, names.dubbedAudio],
    [result.files.dubbedSpeech, names.dubbedSpeech],
    ...result.files.perSpeaker.map((t, i): [string, string] => [t.path, names.perSpeaker[i]!.blob]),
    [result.files.srt.source, names.srt.source],
    [result.files.srt.translation, names.srt.translation],
    [result.files.srt.bilingual, names.srt.bilingual],
  ];
  return { names, files };
}

export interface IterationRunStats {
  synthesised: number;
  reused: number;
}

export async function runIteration(
  deps: VoiceoverDeps,
  iterationId: string,
  options: { signal?: AbortSignal; onProgress?: (fraction: number) => void } = {},
): Promise<IterationRunStats | null> {
  const { db, clock, blobStore } = deps;
  const iteration = await db.selectFrom('dub_iterations').selectAll().where('id', '=', iterationId).executeTakeFirst();
  if (!iteration) return null; // the task was deleted meanwhile
  const task = await db.selectFrom('dub_tasks').selectAll().where('id', '=', iteration.task_id).executeTakeFirstOrThrow();
  const file = task.file_id ? await db.selectFrom('dub_files').selectAll().where('id', '=', task.file_id).executeTakeFirst() : undefined;
  if (!file) throw new Error(`dubbing task ${task.id} has no source video`);
  const lang = iteration.lang;
  const speakers = await taskSpeakers(db, task.id);
  const lines = await taskLines(db, task, lang, speakers);
  await translateMissing(deps, task, lang, lines, options.signal);
  const voices = voicesFor(deps, lang, speakers);
  const previous = await latestOutputs(deps, task, lang, iteration.number);
  const container = containerOf(task.user_id);

  return withTempDir('dub-iteration', async (dir) => {
    const result = await revoice(
      {
        videoPath: await blobStore.mediaInput(file.container, file.blob_name),
        workDir: path.join(dir, 'work'),
        language: lang,
        lines,
        speakers: voices,
        previousSpeech: previous ? await blobStore.mediaInput(container, previous.outputs.dubbedSpeech) : null,
        background: task.background === 'original' || task.background === 'centreCancelled' ? task.background : null,
        signal: options.signal,
      },
      { synthesizer: deps.engines.synthesizerFor(lang), separator: deps.engines.separator ?? null, onProgress: (f) => options.onProgress?.(f * 0.9) },
    );
    const { names, files } = outputNames(dubOutputPrefix(task.id, lang, iteration.number), result);
    for (const [local, blob] of files) await putFile(blobStore, container, blob, local);
    options.onProgress?.(1);

    const byId = new Map(lines.map((l) => [l.segmentId, l]));
    const now = clock.now();
    await db.transaction().execute(async (trx) => {
      for (const voiced of result.lines) {
        const line = voiced.id ? byId.get(voiced.id) : undefined;
        if (!line) continue;
        const take = {
          dub_start_ms: voiced.dubStartMs,
          dub_end_ms: voiced.dubEndMs,
          rate: voiced.rate,
          stretch: voiced.stretch,
          overrun_ms: voiced.overrunMs,
          voiced_key: voiced.translation.trim() ? voiced.voicedKey : null,
        };
        await trx
          .insertInto('dub_line_takes')
          .values({ segment_id: line.segmentId, task_id: task.id, lang, translation: line.takeTranslation, ...take })
          .onConflict((oc) => oc.columns(['segment_id', 'lang']).doUpdateSet(take))
          .execute();
      }
      await trx.updateTable('dub_iterations').set({ state: 'dubbed', outputs: JSON.stringify(names), error_key: null, updated_at: now.toISOString() }).where('id', '=', iteration.id).execute();
      await trx
        .updateTable('dub_tasks')
        .set({
          state: 'dubbed',
          step: null,
          progress: null,
          error_key: null,
          error_params: null,
          background: result.background,
          voice_left_db: result.voiceLeftDb,
          voice_remover: result.voiceRemover,
          expire_at: new Date(now.getTime() + DUB_MEDIA_KEEP_MS).toISOString(),
          expired_at: null,
          updated_at: now.toISOString(),
        })
        .where('id', '=', task.id)
        .execute();
    });
    return { synthesised: result.synthesised, reused: result.reused };
  });
}
