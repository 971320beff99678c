// POST /speech/video/transcribe/edits (dubbingEdits) with showName — the dub editor's record name.
// The operation saves a task's name together with its lines (the contract has no rename of a dubbing
// task on its own), so the rename sends the lines the editor holds now; the server keeps their ids
// and re-voices nothing that did not change. Checked: a refusal rejects with the ApiError.
import { unwrap } from '../errors';
import { api } from '../instance';
import type { components } from '../schema';
import { lineInput, type DubEditsBody } from './edits';

export async function renameDubTask(id: string, showName: string, lines: ReadonlyArray<components['schemas']['SubtitleLine']>, signal?: AbortSignal): Promise<void> {
  const body: DubEditsBody = { id, showName, lines: lines.map(lineInput) };
  unwrap(await api.call((client, s) => client.POST('/speech/video/transcribe/edits', { body, signal: s }), signal ? { signal } : {}));
}
