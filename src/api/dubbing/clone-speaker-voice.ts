// POST /speech/video/transcribe/cloneSpeakerVoice (dubbingCloneSpeakerVoice) — clones a dubbing
// speaker's own voice from the source through the server's voice-cloning service; answers the
// speaker with the cloned voice. Checked.
import { unwrap } from '../errors';
import { api } from '../instance';

export async function cloneSpeakerVoice(taskId: string, speakerId: string, signal?: AbortSignal): Promise<{ id: string; name: string; voice?: string | null }> {
  const speaker = unwrap(await api.call((client, s) => client.POST('/speech/video/transcribe/cloneSpeakerVoice', { body: { id: taskId, speakerId }, signal: s }), signal ? { signal } : {}));
  return speaker!;
}
