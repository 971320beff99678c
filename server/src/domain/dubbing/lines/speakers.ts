// dubbingGetSpeakerList and dubbingEditSpeaker. A speaker's name is trimmed, not empty, at most 50
// characters, and is copied onto its lines' speaker column (the transcript tools read that). A new
// voice must be one the synthesiser of the task's dubbing language lists (voices.ts); changing it
// changes what that speaker's lines hash to, so they show revoice and the next voice-over re-voices
// exactly them (their takes are kept: the voice-over decides by key, nothing is deleted here).
// A chosen voice is remembered per speaker name and language (dub_voice_choices, issue 25 §2) and
// given again when a speaker of another task is named the same; a new voice's pitch setting is
// matched to the speaker's measured F0 like the first one.
import type { Kysely } from 'kysely';
import type { components } from '../../../../../src/api/schema';
import { DUB_SPEAKER_NAME_MAX } from '../../../../../src/shared/contract/dub-limits';
import type { Clock } from '../../../clock';
import type { Database, DubSpeakerRow } from '../../../db/schema';
import type { Engines } from '../../../engines/registry';
import { codePointLength } from '../../records/display-name';
import { speakerNameEmpty, speakerNameTooLong } from '../../transcript/transcript-errors';
import { dubSpeakerNotFound, dubVoiceUnknown } from './line-errors';
import { dubLanguageOf, findOwnedDubTask, withDubTaskLocked } from '../task-access';
import { matchSpeakerPitch } from '../pipeline/voice-pitch';
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
    const language = dubLanguageOf(task);
    const now = deps.clock.now().toISOString();
    const offered = (id: string) => voicesFor(deps.engines, language).some((v) => v.id === id);
    const chosen = input.voice?.trim() || undefined;
    if (chosen !== undefined && chosen !== speaker.voice && !offered(chosen)) throw dubVoiceUnknown(chosen, language);
    let voice = chosen;
    if (chosen !== undefined) {
      // Remembered for the name, so the same person gets the same voice in the next task.
      await trx
        .insertInto('dub_voice_choices')
        .values({ user_id: userId, name_key: nameKey(name), lang: language, voice: chosen, updated_at: now })
        .onConflict((oc) => oc.columns(['user_id', 'name_key', 'lang']).doUpdateSet({ voice: chosen, updated_at: now }))
        .execute();
    } else if (nameKey(name) !== nameKey(speaker.name)) {
      // A speaker newly named like one the user gave a voice before gets that voice (when still offered).
      const remembered = await trx
        .selectFrom('dub_voice_choices')
        .select('voice')
        .where('user_id', '=', userId)
        .where('name_key', '=', nameKey(name))
        .where('lang', '=', language)
        .executeTakeFirst();
      if (remembered && remembered.voice !== speaker.voice && offered(remembered.voice)) voice = remembered.voice;
    }
    const changed = voice !== undefined && voice !== speaker.voice;
    // A new voice speaks at the speaker's measured pitch, as the first one did ("original voice tone").
    const pitch = changed ? await pitchFor(deps.engines, language, speaker, voice!) : speaker.pitch;
    await trx.updateTable('dub_speakers').set({ name, ...(changed ? { voice, pitch } : {}) }).where('id', '=', speaker.id).execute();
    await trx.updateTable('record_segments').set({ speaker: name }).where('record_id', '=', task.id).where('speaker_id', '=', speaker.id).execute();
    await trx.updateTable('dub_tasks').set({ updated_at: now }).where('id', '=', task.id).execute();
    await trx.updateTable('records').set({ updated_at: now }).where('id', '=', task.id).execute();
    return { id: speaker.id, name, voice: changed ? voice! : speaker.voice };
  });
}

const nameKey = (name: string) => name.trim().toLowerCase();

async function pitchFor(engines: Pick<Engines, 'synthesizerFor'>, language: string, speaker: DubSpeakerRow, voice: string): Promise<number> {
  if (speaker.source_pitch_hz === null) return speaker.pitch;
  const synthesizer = engines.synthesizerFor(language);
  const [matched] = await matchSpeakerPitch(synthesizer, language, [
    { id: speaker.number, name: speaker.name, voice, pitch: speaker.pitch, rate: speaker.rate, gender: speaker.gender, sourcePitchHz: speaker.source_pitch_hz },
  ]);
  return matched?.pitch ?? speaker.pitch;
}
