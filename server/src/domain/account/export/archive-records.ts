// The records part of the account archive: each record (upload, meeting, dubbing) as record.json with
// its lines and AI summaries, and readable transcripts (.txt and .srt, the translation too when there
// is one). Dubbing tasks add task.json and one subtitle file per language. Records are read a page at
// a time by id and one record's lines at a time, so the archive never holds more than one record.
import type { Kysely } from 'kysely';
import type { Database, RecordRow } from '../../../db/schema';
import type { TranscriptSegment } from '../../../../../src/shared/contract/transcript';
import { safeFileName } from '../../exports/export-transcript';
import { toSrt, toTxt } from '../../exports/subtitles';
import { toSegment } from '../../records/record-view';
import type { TranscriptTables } from '../../transcript/transcript-tables';
import type { TextEntry } from './stream-archive';

const PAGE = 50;

export const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

function parseJson(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The user's records in id order, a page at a time. */
export async function* recordsOf(db: Kysely<Database>, userId: string): AsyncGenerator<RecordRow> {
  let after = '';
  for (;;) {
    const page = await db.selectFrom('records').selectAll().where('user_id', '=', userId).where('id', '>', after).orderBy('id').limit(PAGE).execute();
    for (const row of page) yield row;
    if (page.length < PAGE) return;
    after = page[page.length - 1]!.id;
  }
}

function readableTranscripts(dir: string, title: string, segments: TranscriptSegment[]): TextEntry[] {
  const entries = [
    { name: `${dir}/transcript.txt`, text: toTxt(title, segments, { content: 'original', speakers: true }) },
    { name: `${dir}/transcript.srt`, text: toSrt(segments, { content: 'original', speakers: true }) },
  ];
  if (segments.some((s) => s.translation)) {
    entries.push(
      { name: `${dir}/translation.txt`, text: toTxt(title, segments, { content: 'translation', speakers: true }) },
      { name: `${dir}/translation.srt`, text: toSrt(segments, { content: 'translation', speakers: true }) },
    );
  }
  return entries;
}

async function dubbingEntries(db: Kysely<Database>, dir: string, taskId: string, segments: TranscriptSegment[]): Promise<TextEntry[]> {
  const task = await db.selectFrom('dub_tasks').selectAll().where('id', '=', taskId).executeTakeFirst();
  if (!task) return [];
  const [speakers, iterations] = await Promise.all([
    db.selectFrom('dub_speakers').select(['number', 'name', 'voice', 'pitch', 'rate', 'gender']).where('task_id', '=', taskId).orderBy('number').execute(),
    db.selectFrom('dub_iterations').select(['number', 'lang', 'state', 'charged_seconds', 'created_at']).where('task_id', '=', taskId).orderBy('number').execute(),
  ]);
  const about = {
    state: task.state,
    audioLanguage: task.audio_language,
    translationLanguage: task.translation_language,
    form: parseJson(task.form),
    speakers,
    iterations,
    createdAt: task.created_at,
  };
  const entries: TextEntry[] = [
    { name: `${dir}/task.json`, text: json(about) },
    { name: `${dir}/subtitles.${task.audio_language}.srt`, text: toSrt(segments, { content: 'original', speakers: false }) },
  ];
  if (task.translation_language) {
    entries.push({ name: `${dir}/subtitles.${task.translation_language}.srt`, text: toSrt(segments, { content: 'translation', speakers: false }) });
  }
  return entries;
}

/** Every entry of one record; `index` keeps two records of the same title apart. */
export async function recordEntries(db: Kysely<Database>, record: RecordRow, index: number): Promise<TextEntry[]> {
  const area = record.kind === 'dubbing' ? 'dubbing' : 'records';
  const dir = `${area}/${String(index).padStart(4, '0')} ${safeFileName(record.show_name)}`;
  const [rows, summaries] = await Promise.all([
    db.selectFrom('record_segments').selectAll().where('record_id', '=', record.id).orderBy('position').execute(),
    db
      .withTables<TranscriptTables>()
      .selectFrom('record_summaries')
      .select(['lang', 'state', 'content', 'key_points', 'generated_at'])
      .where('record_id', '=', record.id)
      .execute(),
  ]);
  const segments = rows.map(toSegment);
  const about = {
    id: record.id,
    title: record.show_name,
    kind: record.kind,
    state: record.state,
    languages: parseJson(record.languages),
    targetLanguages: parseJson(record.target_languages),
    durationMs: record.duration_ms,
    favorite: record.favorite === 1,
    folderId: record.folder_id,
    createdAt: record.created_at,
    updatedAt: record.updated_at,
    summaries: summaries.map((s) => ({ lang: s.lang, state: s.state, content: s.content, keyPoints: parseJson(s.key_points), generatedAt: s.generated_at })),
    lines: segments.map(({ startMs, endMs, speaker, text, translation }) => ({ startMs, endMs, speaker, text, translation })),
  };
  const entries: TextEntry[] = [{ name: `${dir}/record.json`, text: json(about) }, ...readableTranscripts(dir, record.show_name, segments)];
  for (const summary of summaries.filter((s) => s.content)) {
    entries.push({ name: `${dir}/summary.${summary.lang}.txt`, text: `${summary.content}\n` });
  }
  if (record.kind === 'dubbing') entries.push(...(await dubbingEntries(db, dir, record.id, segments)));
  return entries;
}
