// POST /speech/meeting/renameSpeaker (meetingsRenameSpeaker) — the host names a live speaker for
// everyone (speaker.renamed on the socket) and in the meeting's record. Checked.
import { fromPromise } from 'xstate';
import { unwrap } from '../errors';
import { api } from '../instance';

export interface RenameSpeakerRequest {
  id: string;
  /** LiveFinalSubtitle.speakerIndex (1-based). */
  speakerIndex: number;
  name: string;
}

export async function renameSpeaker(request: RenameSpeakerRequest): Promise<void> {
  unwrap(await api.call((client, signal) => client.POST('/speech/meeting/renameSpeaker', { body: request, signal })));
}

export const renameSpeakerActor = fromPromise<void, RenameSpeakerRequest>(({ input }) => renameSpeaker(input));
