// The subtitleEditor machine's server calls on the dubbing api (the import rules let the dub editor
// call the dubbing operations): loading reads every page of lines and the speakers together; saving
// sends renamed speakers through editSpeaker first (a line's speaker name follows its speaker), then
// the whole list through edits.
import { editDubSpeaker } from '../../api/dubbing/edit-speaker';
import { saveDubEdits } from '../../api/dubbing/edits';
import { getAllDubLines } from '../../api/dubbing/get-file-data-content-page-list';
import { getDubSpeakers } from '../../api/dubbing/get-speaker-list';
import type { DubLine, DubSpeaker } from './subtitleEditor.types';

export interface EditorLoadInput {
  taskId: string;
  lang?: string | undefined;
}
export interface EditorLoadOutput {
  lines: DubLine[];
  speakers: DubSpeaker[];
}
export interface SpeakerRename {
  speakerId: string;
  name: string;
}
export interface EditorSaveInput {
  taskId: string;
  lines: readonly DubLine[];
  renames: SpeakerRename[];
}

async function fetchEditor({ taskId, lang }: EditorLoadInput, signal?: AbortSignal): Promise<EditorLoadOutput> {
  const [lines, speakers] = await Promise.all([getAllDubLines(taskId, lang, signal), getDubSpeakers(taskId, signal)]);
  return { lines, speakers };
}

/** Loads started before the task was known, by task id; each is taken (and forgotten) by one load. */
const prefetched = new Map<string, Promise<EditorLoadOutput>>();

/**
 * Starts reading the task's lines and speakers while the task itself is still being read (issue 13
 * benchmark: waiting for the task first put a whole round trip and 5,000 lines in sequence). It asks
 * without a language: the server then answers in the task's own dubbing language
 * (translationLanguage, else the audio language), which is the language the editor asks for once the
 * task is known (its translationLanguage, or none) — so the answer is the one loadEditor would get.
 */
export function prefetchEditor(taskId: string): void {
  if (prefetched.has(taskId)) return;
  const load = fetchEditor({ taskId });
  // A failed prefetch is reported by the load that takes it; until then it is not unhandled.
  load.catch(() => undefined);
  prefetched.set(taskId, load);
}

/** Forgets a prefetch nobody took (the task failed to load, or the page was left). */
export function dropPrefetchedEditor(taskId: string): void {
  prefetched.delete(taskId);
}

/**
 * The editor's first load takes the prefetch of its task when there is one; any later load (a retry)
 * reads afresh.
 */
export async function loadEditor(input: EditorLoadInput, signal?: AbortSignal): Promise<EditorLoadOutput> {
  const early = prefetched.get(input.taskId);
  if (early) {
    prefetched.delete(input.taskId);
    return early;
  }
  return fetchEditor(input, signal);
}

export async function saveEdits({ taskId, lines, renames }: EditorSaveInput, signal?: AbortSignal): Promise<void> {
  for (const rename of renames) await editDubSpeaker({ id: taskId, speakerId: rename.speakerId, speakerName: rename.name }, signal);
  await saveDubEdits(taskId, lines, signal);
}
