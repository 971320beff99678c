// Which blob a timeline lane is drawn from: the task's uploaded video for the original lane, the
// latest dubbed iteration's mixed audio (DubOutputs.dubbedAudio) in the language for the dubbed
// lane. Only the owner's task is found; another user's id answers the record's not-found, the same
// as an id that does not exist, so ids cannot be probed.
import type { Kysely } from 'kysely';
import { AppError } from '../../../errors';
import type { Database } from '../../../db/schema';
import { containerOf } from '../../storage/blob-store.port';
import { parseDubOutputs } from '../outputs';
import { findOwnedDubTask } from '../task-access';
import type { PeaksMedia } from './peaks-cache';

export type PeaksTrack = 'original' | 'dubbed';

export const dubVideoGone = () => new AppError(404, 'uploads:dubVideoGone');
export const dubAudioMissing = (lang: string) => new AppError(404, 'uploads:dubAudioMissing', { lang });
export const dubAudioExpired = () => new AppError(404, 'uploads:dubAudioExpired');

export async function peaksMediaOf(db: Kysely<Database>, userId: string, taskId: string, track: PeaksTrack, lang?: string): Promise<PeaksMedia> {
  const task = await findOwnedDubTask(db, userId, taskId);
  if (track === 'original') {
    if (!task.file_id) throw dubVideoGone();
    const file = await db.selectFrom('dub_files').select(['container', 'blob_name']).where('id', '=', task.file_id).where('user_id', '=', userId).executeTakeFirst();
    if (!file) throw dubVideoGone();
    return { container: file.container, blob: file.blob_name };
  }
  const language = lang ?? task.translation_language;
  if (!language) throw dubAudioMissing('');
  const iteration = await db
    .selectFrom('dub_iterations')
    .select(['outputs'])
    .where('task_id', '=', task.id)
    .where('lang', '=', language)
    .where('state', '=', 'dubbed')
    .orderBy('number', 'desc')
    .executeTakeFirst();
  const outputs = parseDubOutputs(iteration?.outputs ?? null);
  if (!iteration || !outputs?.dubbedAudio) throw dubAudioMissing(language);
  // The 7-day sweeper deleted the voice-over files (features §4); lines and subtitles stay.
  if (task.expired_at) throw dubAudioExpired();
  return { container: containerOf(userId), blob: outputs.dubbedAudio };
}
