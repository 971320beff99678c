// dubbingGetSpeakerList and dubbingEditSpeaker. A speaker's name is trimmed, not empty, at most 50
// characters, and is copied onto its lines' speaker column (the transcript tools read that). A new
// voice must be one the synthesiser of the task's dubbing language lists (voices.ts); changing it
// changes what that speaker's lines hash to, so they show revoice and the next voice-over re-voices
// exactly them (their takes are kept: the voice-over decides by key, nothing is deleted here).
import type { Kysely } from 'kysely';
import type { components } from '../../../../../src/api/schema';
import { DUB_SPEAKER_NAME_MAX } from '../../../../../src/shared/contract/dub-limits';
import type { Clock } from '../../../clock';
import type { Database } from '../../../db/schema';
import type { Engines } from '../../../engines/registry';
import { codePointLength } from '../../records/display-name';
import { speakerNameEmpty, speakerNameTooLong } from '../../transcript/transcript-errors';
import { dubSpeakerNotFound, dubVoiceUnknown } from './line-errors';
import { dubLanguageOf, findOwnedDubTask, withDubTaskLocked } from '../task-access';
import { voicesFor } from './voices';

export type Speaker = components['schemas']['Speaker'];

export async function listSpeakers(db: Kysely<Database>, userId: string, taskId: string): Promise<Speaker[]> {
  const task = await findOwnedDubTask(db, userId, taskId);
  const rows = await db.selectFrom('dub_speakers').selectAll().where('task_id', '=', task.id).orderBy('number').execute();
  return rows.map((row) => ({ id: row.id, name: row.name, voice: row.voice }));
}

export interface EditSpeakerInput {
  id: string;
  speakerId: string;
  speakerName: string;
  voice?: string | undefined;
}

export function checkDubSpeakerName(raw: string): string {
  const name = raw.trim();
  if (!name) throw speakerNameEmpty();
  if (codePointLength(name) > DUB_SPEAKER_NAME_MAX) throw speakerNameTooLong(DUB_SPEAKER_NAME_MAX);
  return name;
}

export async function editSpeaker(
  deps: { db: Kysely<Database>; clock: Clock; engines: Pick<Engines, 'synthesizerFor'> },
  userId: string,
  input: EditSpeakerInput,
): Promise<Speaker> {
  const name = checkDubSpeakerName(input.speakerName);
  return withDubTaskLocked(deps.db, userId, input.id, async (trx, task) => {
    const speaker = await trx.selectFrom('dub_speakers').selectAll().where('id', '=', input.speakerId).where('task_id', '=', task.id).executeTakeFirst();
    if (!speaker) throw dubSpeakerNotFound();
    const voice = input.voice?.trim() || undefined;
    if (voice !== undefined && voice !== speaker.voice) {
      const language = dubLanguageOf(task);
      if (!voicesFor(deps.engines, language).some((v) => v.id === voice)) throw dubVoiceUnknown(voice, language);
    }
    await trx.updateTable('dub_speakers').set({ name, ...(voice !== undefined ? { voice } : {}) }).where('id', '=', speaker.id).execute();
    await trx.updateTable('record_segments').set({ speaker: name }).where('record_id', '=', task.id).where('speaker_id', '=', speaker.id).execute();
    const now = deps.clock.now().toISOString();
    await trx.updateTable('dub_tasks').set({ updated_at: now }).where('id', '=', task.id).execute();
    await trx.updateTable('records').set({ updated_at: now }).where('id', '=', task.id).execute();
    return { id: speaker.id, name, voice: voice ?? speaker.voice };
  });
}
