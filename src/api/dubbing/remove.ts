// POST /speech/video/transcribe/remove (dubbingRemove) — deletes uploaded dubbing files: a file the
// user deletes from the dialog, and uploads left behind when the dialog closes unsubmitted. Checked.
import { unwrap } from '../errors';
import { api } from '../instance';

export async function removeDubFiles(ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  unwrap(await api.call((client, signal) => client.POST('/speech/video/transcribe/remove', { body: { ids }, signal })));
}
