// The subtitleEditor machine (machines/dub-editor) bound to the dubbing api. The machine sits outside
// the dubbing area so the screen and its tests can use it with doubles; the area binds the calls:
// loading reads every page of lines and the speakers together; saving sends renamed speakers through
// editSpeaker first (a line's speaker name follows its speaker), then the whole list through edits.
import { fromPromise } from 'xstate';
import { editDubSpeaker } from '../../api/dubbing/edit-speaker';
import { saveDubEdits } from '../../api/dubbing/edits';
import { getAllDubLines } from '../../api/dubbing/get-file-data-content-page-list';
import { getDubSpeakers } from '../../api/dubbing/get-speaker-list';
import {
  subtitleEditorMachine,
  type EditorLoadInput,
  type EditorLoadOutput,
  type EditorSaveInput,
} from '../dub-editor/subtitleEditor.machine';

export async function loadEditor({ taskId, lang }: EditorLoadInput, signal?: AbortSignal): Promise<EditorLoadOutput> {
  const [lines, speakers] = await Promise.all([getAllDubLines(taskId, lang, signal), getDubSpeakers(taskId, signal)]);
  return { lines, speakers };
}

export async function saveEdits({ taskId, lines, renames }: EditorSaveInput, signal?: AbortSignal): Promise<void> {
  for (const rename of renames) await editDubSpeaker({ id: taskId, speakerId: rename.speakerId, speakerName: rename.name }, signal);
  await saveDubEdits(taskId, lines, signal);
}

export const liveSubtitleEditorMachine = subtitleEditorMachine.provide({
  actors: {
    loadEditor: fromPromise<EditorLoadOutput, EditorLoadInput>(({ input, signal }) => loadEditor(input, signal)),
    saveEdits: fromPromise<void, EditorSaveInput>(({ input, signal }) => saveEdits(input, signal)),
  },
});
