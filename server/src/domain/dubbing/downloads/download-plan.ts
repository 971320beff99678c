// What a dubbing download holds (issue 12 §5): per task a folder with, per dubbed language, the
// video (the composed one when there is one), the dubbed audio and each speaker's track, and the
// subtitles (source, translation, bilingual) made from the lines as they are now. Every id must be
// the caller's (another user's id answers 'not found', exactly like a missing one).
//
// Expired media (kept 7 days): subtitles never expire, so a download that asked for subtitles too
// is still made, without the expired files and with a note saying so in the reader's language; one
// that asked only for expired media is refused with a translated message before anything is sent.
import type { Kysely } from 'kysely';
import type { Database, DubTaskRow } from '../../../db/schema';
import { AppError } from '../../../errors';
import type { BlobStore } from '../../storage/blob-store.port';
import { containerOf } from '../../storage/blob-store.port';
import { parseDubOutputs } from '../outputs';
import { formatSrt, subtitleText, type SubtitleKind } from '../pipeline/srt';
import { findOwnedDubTask, taskSpeakers } from '../task-access';
import { taskLines } from '../voiceover/task-lines';

export type DownloadKind = 'video' | 'audio' | 'subtitle';
export type MsgKind = 'original' | 'translation' | 'bilingual';

export interface DownloadRequest {
  type?: string;
  msgType?: string;
  idStr: string;
  speaker?: string;
}

export type ZipEntry = { name: string; blob: { container: string; name: string } } | { name: string; text: string };

export interface DownloadPlan {
  fileName: string;
  entries: ZipEntry[];
}

const KINDS: readonly DownloadKind[] = ['video', 'audio', 'subtitle'];
const MSG_KINDS: readonly MsgKind[] = ['original', 'translation', 'bilingual'];
const MAX_IDS = 50;

function listOf<T extends string>(value: string | undefined, allowed: readonly T[], error: () => AppError): T[] {
  if (!value?.trim()) return [...allowed];
  const parts = [...new Set(value.split(',').map((p) => p.trim()).filter(Boolean))];
  if (!parts.length || parts.some((p) => !allowed.includes(p as T))) throw error();
  return parts as T[];
}

/** A file or folder name from user text: no path separators or control characters, not empty. */
export function safeName(text: string, fallback: string): string {
  const cleaned = text.replace(/[\\/:*?"<>|\u0000-\u001f\u007f]/g, '_').replace(/^\.+/, '').trim().slice(0, 100);
  return cleaned || fallback;
}

function uniqueName(name: string, used: Set<string>): string {
  let candidate = name;
  for (let n = 2; used.has(candidate); n++) candidate = `${name} (${n})`;
  used.add(candidate);
  return candidate;
}

interface Deps {
  db: Kysely<Database>;
  blobStore: BlobStore;
  now: Date;
  /** The reader's translator for the expiry note. */
  t: (key: string, params?: Record<string, unknown>) => string;
}

/** The latest finished run per language: its outputs, and the composed video when there is a live one. */
async function mediaOf(deps: Deps, task: DubTaskRow) {
  const runs = await deps.db.selectFrom('dub_iterations').selectAll().where('task_id', '=', task.id).where('state', '=', 'dubbed').orderBy('number', 'desc').execute();
  const syntheses = await deps.db.selectFrom('dub_syntheses').selectAll().where('task_id', '=', task.id).where('state', '=', 'completed').execute();
  const byLang = new Map<string, { outputs: NonNullable<ReturnType<typeof parseDubOutputs>>; composed: string | null }>();
  for (const run of runs) {
    if (byLang.has(run.lang)) continue;
    const outputs = parseDubOutputs(run.outputs);
    if (!outputs) continue;
    const synthesis = syntheses.find((s) => s.lang === run.lang && s.expired_at === null && (s.expire_at === null || s.expire_at > deps.now.toISOString()));
    byLang.set(run.lang, { outputs, composed: synthesis?.video_blob ?? null });
  }
  return byLang;
}

export async function planDownload(deps: Deps, userId: string, request: DownloadRequest): Promise<DownloadPlan> {
  const kinds = listOf(request.type, KINDS, () => new AppError(400, 'uploads:dubDownloadTypeInvalid'));
  const msgKinds = listOf(request.msgType, MSG_KINDS, () => new AppError(400, 'uploads:dubDownloadMsgTypeInvalid'));
  const ids = [...new Set(request.idStr.split(',').map((s) => s.trim()).filter(Boolean))];
  if (!ids.length || ids.length > MAX_IDS) throw new AppError(400, 'errors.invalidRequest');
  const withSpeakers = request.speaker === '1';
  // Every id is checked before anything is read: one foreign id refuses the whole download.
  const tasks: DubTaskRow[] = [];
  for (const id of ids) tasks.push(await findOwnedDubTask(deps.db, userId, id));

  const entries: ZipEntry[] = [];
  const folders = new Set<string>();
  const notes: string[] = [];
  for (const task of tasks) {
    const record = await deps.db.selectFrom('records').select('show_name').where('id', '=', task.id).executeTakeFirst();
    const title = safeName(record?.show_name ?? '', task.id);
    const folder = uniqueName(title, folders);
    const container = containerOf(task.user_id);
    const speakers = await taskSpeakers(deps.db, task.id);
    const nameOf = new Map(speakers.map((s) => [s.number, s.name]));
    const media = await mediaOf(deps, task);
    const expiredTask = task.expired_at !== null;
    let expired = false;

    if (kinds.includes('video') || kinds.includes('audio')) {
      for (const [lang, { outputs, composed }] of media) {
        const wanted: { name: string; blob: string }[] = [];
        if (kinds.includes('video')) wanted.push({ name: `${folder}/${lang}/${title}.mp4`, blob: composed ?? outputs.video });
        if (kinds.includes('audio')) {
          wanted.push({ name: `${folder}/${lang}/${title}.dubbed.m4a`, blob: outputs.dubbedAudio });
          const speakerFiles = new Set<string>();
          for (const track of outputs.perSpeaker) {
            const speakerName = uniqueName(safeName(nameOf.get(track.speaker) ?? `Speaker ${track.speaker + 1}`, `speaker-${track.speaker + 1}`), speakerFiles);
            wanted.push({ name: `${folder}/${lang}/speakers/${speakerName}.m4a`, blob: track.blob });
          }
        }
        for (const item of wanted) {
          if (!expiredTask && (await deps.blobStore.size(container, item.blob)) !== null) entries.push({ name: item.name, blob: { container, name: item.blob } });
          else expired = true;
        }
      }
      if (media.size === 0 && expiredTask) expired = true;
    }
    if (expired) notes.push(deps.t('uploads:dubExpiredNote', { name: title }));

    if (kinds.includes('subtitle')) {
      const langs = [...new Set([task.translation_language, ...media.keys()].filter((l): l is string => !!l))];
      const label = (speaker: number, text: string) => (withSpeakers && text ? `${nameOf.get(speaker) ?? `Speaker ${speaker + 1}`}: ${text}` : text);
      let sourceWritten = false;
      for (const lang of langs) {
        const lines = await taskLines(deps.db, task, lang, speakers);
        const cues = (kind: SubtitleKind) =>
          formatSrt(lines.map((l) => ({ startMs: l.startMs, endMs: l.endMs, text: label(l.speaker, subtitleText(kind, { source: l.source, translation: l.text })) })));
        if (msgKinds.includes('original') && !sourceWritten) {
          entries.push({ name: `${folder}/${title}.${task.audio_language}.srt`, text: cues('source') });
          sourceWritten = true;
        }
        if (msgKinds.includes('translation')) entries.push({ name: `${folder}/${lang}/${title}.${lang}.srt`, text: cues('translation') });
        if (msgKinds.includes('bilingual')) entries.push({ name: `${folder}/${lang}/${title}.${task.audio_language}-${lang}.srt`, text: cues('bilingual') });
      }
    }
  }
  if (notes.length) {
    // Nothing left to send: refuse with the message instead of an archive holding only the note.
    if (!entries.length) throw new AppError(400, 'uploads:dubMediaExpired');
    entries.push({ name: 'EXPIRED.txt', text: `${notes.join('\n')}\n` });
  }
  if (!entries.length) throw new AppError(400, 'uploads:dubMediaExpired');
  const fileName = tasks.length === 1 ? `${safeName((await deps.db.selectFrom('records').select('show_name').where('id', '=', tasks[0]!.id).executeTakeFirst())?.show_name ?? '', 'dubbing')}.zip` : 'dubbing.zip';
  return { fileName, entries };
}
