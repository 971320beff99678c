// POST /speech/audio/transcribe/renameSpeaker (recordsRenameSpeaker) — renames a speaker on every
// line. Checked.
import { fromPromise } from 'xstate';
import { unwrap } from '../errors';
import { api } from '../instance';

export interface SpeakerRename {
  id: string;
  from: string;
  to: string;
}

export async function renameSpeaker({ id, from, to }: SpeakerRename): Promise<void> {
  unwrap(
    await api.call((client, signal) =>
      client.POST('/speech/audio/transcribe/renameSpeaker', { body: { id, speaker: from, newSpeaker: to }, signal }),
    ),
  );
}

export const renameSpeakerActor = fromPromise<void, SpeakerRename>(({ input }) => renameSpeaker(input));
