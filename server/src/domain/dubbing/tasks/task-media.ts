// Which blob dubbingMedia streams: the uploaded video (source), or the dubbed audio / dubbed video of
// a language (default the task's translation language). The newest composition after edits wins
// over the iteration's own files; expired or missing media is the not-found refusal.
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { containerOf, type BlobStore } from '../../storage/blob-store.port';
import { parseDubOutputs } from '../outputs';
import { dubMediaNotFound, dubTaskNotFound } from './task-errors';
import type { DubMediaKind } from './task-view';

export interface DubMedia {
  container: string;
  blob: string;
  size: number;
  contentType: string;
}

export async function resolveDubMedia(
  db: Kysely<Database>,
  store: BlobStore,
  userId: string,
  query: { id: string; kind: DubMediaKind; lang?: string | null },
): Promise<DubMedia> {
  const task = await db.selectFrom('dub_tasks').selectAll().where('id', '=', query.id).where('user_id', '=', userId).executeTakeFirst();
  if (!task) throw dubTaskNotFound();
  const container = containerOf(userId);
  let located: { container: string; blob: string } | null = null;
  if (query.kind === 'source') {
    const file = task.file_id ? await db.selectFrom('dub_files').select(['container', 'blob_name']).where('id', '=', task.file_id).executeTakeFirst() : undefined;
    if (file) located = { container: file.container, blob: file.blob_name };
  } else {
    const lang = query.lang ?? task.translation_language;
    if (!lang) throw dubMediaNotFound();
    const synthesis = await db
      .selectFrom('dub_syntheses')
      .select(['video_blob', 'audio_blob', 'expired_at'])
      .where('task_id', '=', task.id)
      .where('lang', '=', lang)
      .where('state', '=', 'completed')
      .executeTakeFirst();
    const composed = synthesis && !synthesis.expired_at ? (query.kind === 'dubbedVideo' ? synthesis.video_blob : synthesis.audio_blob) : null;
    if (composed) located = { container, blob: composed };
    else if (!task.expired_at) {
      const iteration = await db
        .selectFrom('dub_iterations')
        .select('outputs')
        .where('task_id', '=', task.id)
        .where('lang', '=', lang)
        .where('state', '=', 'dubbed')
        .orderBy('number', 'desc')
        .executeTakeFirst();
      const outputs = parseDubOutputs(iteration?.outputs ?? null);
      if (outputs) located = { container, blob: query.kind === 'dubbedVideo' ? outputs.video : outputs.dubbedAudio };
    }
  }
  if (!located) throw dubMediaNotFound();
  const size = await store.size(located.container, located.blob);
  if (size === null) throw dubMediaNotFound();
  return { ...located, size, contentType: query.kind === 'dubbedAudio' ? 'audio/mp4' : 'video/mp4' };
}
