// dubbingCloneSpeakerVoice (issue 25 §2): a speaker's own voice, cloned by the voice-cloning service
// (ELEVENLABS_API_KEY) from clean samples of that speaker cut from the task's source — their lines
// without any overlap with another speaker (pipeline/clone-samples.ts) — becomes the speaker's voice
// ("elevenlabs:<voice_id>"), so the next voice-over re-voices their lines with it. The service's
// refusals come back translated and name the setting to check.
import type { Kysely } from 'kysely';
import type { BlobStore } from '../../storage/blob-store.port';
import type { Clock } from '../../../clock';
import type { Database } from '../../../db/schema';
import { CLONED_VOICE_PREFIX } from '../../../engines/cloned-voice';
import { EngineError } from '../../../engines/engine-errors';
import { toWav16kMono } from '../../../engines/media';
import type { Engines } from '../../../engines/registry';
import { withTempDir } from '../../../engines/temp-dir';
import { AppError } from '../../../errors';
import { speakerCloneSamples } from '../pipeline/clone-samples';
import { findOwnedDubTask } from '../task-access';
import { dubSpeakerNotFound } from './line-errors';
import type { Speaker } from './speakers';

export const dubCloningOff = () => new AppError(400, 'transcripts:dubCloningOff', { setting: 'ELEVENLABS_API_KEY' });
export const dubCloneNoSpeech = () => new AppError(400, 'transcripts:dubCloneNoSpeech');

export async function cloneSpeakerVoice(
  deps: { db: Kysely<Database>; clock: Clock; engines: Pick<Engines, 'voiceCloner'>; blobStore: Pick<BlobStore, 'mediaInput'> },
  userId: string,
  input: { id: string; speakerId: string },
  signal?: AbortSignal,
): Promise<Speaker> {
  const cloner = deps.engines.voiceCloner;
  if (!cloner) throw dubCloningOff();
  const task = await findOwnedDubTask(deps.db, userId, input.id);
  const speaker = await deps.db.selectFrom('dub_speakers').selectAll().where('id', '=', input.speakerId).where('task_id', '=', task.id).executeTakeFirst();
  if (!speaker) throw dubSpeakerNotFound();
  const file = task.file_id ? await deps.db.selectFrom('dub_files').selectAll().where('id', '=', task.file_id).executeTakeFirst() : undefined;
  if (!file) throw dubCloneNoSpeech();
  const segments = await deps.db.selectFrom('record_segments').select(['start_ms', 'end_ms', 'speaker_id']).where('record_id', '=', task.id).orderBy('start_ms').execute();
  // Every other speaker (and lines without one) counts as "someone else" when cutting out overlaps.
  const spans = segments.map((s) => ({ startMs: s.start_ms, endMs: s.end_ms }));
  const labels = segments.map((s) => (s.speaker_id === speaker.id ? 1 : 0));
  const samples = await withTempDir('parley-clone-', async (dir) => {
    const wav = `${dir}/source.wav`;
    await toWav16kMono(await deps.blobStore.mediaInput(file.container, file.blob_name), wav, { signal });
    return speakerCloneSamples(wav, spans, labels, 1);
  });
  if (samples.length === 0) throw dubCloneNoSpeech();
  let voiceId: string;
  try {
    voiceId = await cloner.addVoice(speaker.name, samples, signal);
  } catch (error) {
    if (error instanceof EngineError) throw new AppError(500, error.key, { ...error.params });
    throw error;
  }
  const voice = `${CLONED_VOICE_PREFIX}${voiceId}`;
  const now = deps.clock.now().toISOString();
  // A cloned voice speaks in the speaker's own pitch: no setting to move.
  await deps.db.updateTable('dub_speakers').set({ voice, pitch: 50 }).where('id', '=', speaker.id).execute();
  await deps.db.updateTable('dub_tasks').set({ updated_at: now }).where('id', '=', task.id).execute();
  return { id: speaker.id, name: speaker.name, voice };
}
