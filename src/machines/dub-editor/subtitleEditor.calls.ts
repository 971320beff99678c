// The subtitleEditor machine's server calls on the dubbing api (the import rules let the dub editor
// call the dubbing operations): loading reads every page of lines and the speakers together; saving
// sends renamed speakers through editSpeaker first (a line's speaker name follows its speaker), then
// the whole list through edits.
import { editDubSpeaker } from '../../api/dubbing/edit-speaker';
import { saveDubEdits } from '../../api/dubbing/edits';
import { getAllDubLines } from '../../api/dubbing/get-file-data-content-page-list';
import { getDubSpeakers } from '../../api/dubbing/get-speaker-list';
import type { DubLine, DubSpeaker } from './subtitle-editor.types';

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

export async function loadEditor({ taskId, lang }: EditorLoadInput, signal?: AbortSignal): Promise<EditorLoadOutput> {
  const [lines, speakers] = await Promise.all([getAllDubLines(taskId, lang, signal), getDubSpeakers(taskId, signal)]);
  return { lines, speakers };
}

export async function saveEdits({ taskId, lines, renames }: EditorSaveInput, signal?: AbortSignal): Promise<void> {
  for (const rename of renames) await editDubSpeaker({ id: taskId, speakerId: rename.speakerId, speakerName: rename.name }, signal);
  await saveDubEdits(taskId, lines, signal);
}
