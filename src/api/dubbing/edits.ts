// POST /speech/video/transcribe/edits (dubbingEdits) — saves the dub editor's lines (split, merge,
// insert, delete, retime, speakers): the whole list, so the server holds exactly what the editor
// shows. Checked: a refusal rejects with the ApiError (its translated message) for the save state.
import { unwrap } from '../errors';
import { api } from '../instance';
import type { components, operations } from '../schema';

export type DubEditsBody = operations['dubbingEdits']['requestBody']['content']['application/json'];
type SubtitleLine = components['schemas']['SubtitleLine'];
type SubtitleLineInput = components['schemas']['SubtitleLineInput'];

/** A line as the contract takes it: no read-only fields (overrun, revoice, words), nulls not absences. */
export function lineInput(line: SubtitleLine): SubtitleLineInput {
  return {
    id: line.id,
    startMs: line.startMs,
    endMs: line.endMs,
    text: line.text,
    translation: line.translation ?? null,
    speaker: line.speaker ? line.speaker : null,
    speakerId: line.speakerId ?? null,
  };
}

export async function saveDubEdits(id: string, lines: readonly SubtitleLine[], signal?: AbortSignal): Promise<void> {
  const body: DubEditsBody = { id, lines: lines.map(lineInput) };
  unwrap(await api.call((client, s) => client.POST('/speech/video/transcribe/edits', { body, signal: s }), signal ? { signal } : {}));
}
