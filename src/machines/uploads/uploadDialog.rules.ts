// The upload dialog's pure rules: the form's folder field (features §2/§3 upload form: the choices
// of the folder picker), the form's defaults and limits, and which chosen files may be added.
import {
  DEFAULT_FOLDER_ID,
  UPLOAD_ALLOWED_EXTENSIONS,
  UPLOAD_DEFAULT_AUDIO_LANGUAGE,
  UPLOAD_MAX_FILES,
  UPLOAD_SPEAKERS_DEFAULT,
  UPLOAD_SPEAKERS_MAX,
  UPLOAD_SPEAKERS_MIN,
} from '../../shared/contract/limits';
import { servedDefault, targetUnavailability } from '../../shared/contract/language-availability';
import { extensionOf } from '../file-upload/fileUpload.machine';
import type { InterruptedUploadInfo, LanguageLists, TranscribeRequest, UploadForm } from './upload.types';
import type { UploadFileSource } from './uploadFile.machine';
import { loadUploadSession } from './uploadFile.resume';

export interface FolderChoice {
  id: string;
  name: string;
  /** Nesting level in the user's tree (0 for top-level folders), for indenting the option. */
  depth: number;
}

/**
 * The user's folders in tree order (the default folder first, as the server sends it), always with
 * the default folder and the folder the form has: a tree not loaded yet, or a folder deleted since
 * the dialog opened, still shows what would be submitted rather than silently another folder.
 */
export function folderChoices(folders: readonly FolderChoice[], chosen: { folderId: string; folderName?: string }, defaultName: string): FolderChoice[] {
  const choices = folders.some((folder) => folder.id === DEFAULT_FOLDER_ID) ? [...folders] : [{ id: DEFAULT_FOLDER_ID, name: defaultName, depth: 0 }, ...folders];
  const chosenId = chosen.folderId === '0' ? DEFAULT_FOLDER_ID : chosen.folderId;
  if (!choices.some((folder) => folder.id === chosenId)) choices.push({ id: chosenId, name: chosen.folderName ?? chosenId, depth: 0 });
  return choices;
}

export const FORMAT_ERROR_KEY = 'uploadDialog:formatError';
export const TOO_MANY_KEY = 'uploadDialog:tooMany';
export const DUPLICATE_KEY = 'uploadDialog:duplicate';
export const NAME_REQUIRED_KEY = 'uploadDialog:nameRequired';
export const SUBMIT_FAILED_KEY = 'uploadDialog:submitFailed';
export const ENTITLEMENT_CODES: readonly number[] = [92505000, 92505001, 92505003];

export function defaultForm(folderId?: string | null, folderName?: string): UploadForm {
  return {
    showName: '',
    audioLanguage: UPLOAD_DEFAULT_AUDIO_LANGUAGE,
    translationLanguage: null,
    speaker: false,
    maxSpeakers: UPLOAD_SPEAKERS_DEFAULT,
    folderId: folderId || DEFAULT_FOLDER_ID,
    ...(folderName ? { folderName } : {}),
  };
}

export function clampSpeakers(value: number): number {
  if (!Number.isFinite(value)) return UPLOAD_SPEAKERS_DEFAULT;
  return Math.min(UPLOAD_SPEAKERS_MAX, Math.max(UPLOAD_SPEAKERS_MIN, Math.round(value)));
}

/** The first rule a selection breaks (platform §5), or null when the files may be added. */
export function selectionProblem(chosen: readonly { name: string }[], listed: readonly { name: string }[]): string | null {
  if (chosen.length > UPLOAD_MAX_FILES) return TOO_MANY_KEY;
  const allowed: readonly string[] = UPLOAD_ALLOWED_EXTENSIONS;
  if (chosen.some((file) => !allowed.includes(extensionOf(file.name)))) return FORMAT_ERROR_KEY;
  if (chosen.some((file) => listed.some((item) => item.name === file.name))) return DUPLICATE_KEY;
  if (chosen.length + listed.length > UPLOAD_MAX_FILES) return TOO_MANY_KEY;
  return null;
}

export function nameWithoutExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
}

export function transcribeRequest(form: UploadForm, files: readonly { recordId?: string }[]): TranscribeRequest {
  return {
    ids: files.flatMap((file) => (file.recordId ? [file.recordId] : [])),
    showName: form.showName.trim(),
    audioLanguage: form.audioLanguage,
    translationLanguage: form.translationLanguage,
    speaker: form.speaker ? '1' : '0',
    maxSpeakers: clampSpeakers(form.maxSpeakers),
    folderId: form.folderId,
    ...(form.folderName ? { folderName: form.folderName } : {}),
  };
}

/** A chunk upload of the same file left unfinished here (local note) or on the server (restore data). */
export function resumeIdFor(file: UploadFileSource, interrupted: InterruptedUploadInfo | null): string | null {
  const local = loadUploadSession(file)?.uploadId;
  if (local) return local;
  const sameFile = interrupted?.status === 'uploading' && interrupted.oriFileName === file.name && interrupted.fileSize === file.size;
  return sameFile ? (interrupted.uploadId ?? null) : null;
}

/** No translation when this server has no engine from the audio language into the chosen one. */
export function servableTranslation(form: UploadForm, languages: LanguageLists): string | null {
  const target = form.translationLanguage && languages.translation.find((item) => item.code === form.translationLanguage);
  if (!form.translationLanguage || !target) return form.translationLanguage;
  return targetUnavailability(target, [form.audioLanguage]) ? null : form.translationLanguage;
}

/**
 * The spec's default audio language when this server recognises it, else the first it does (en-US on
 * the embedded engines), so a first upload is not refused. A restored form keeps its own settings.
 */
export function servedForm(form: UploadForm, languages: LanguageLists): UploadForm {
  const audioLanguage = servedDefault(languages.transcribeLanguage, form.audioLanguage);
  const next = { ...form, audioLanguage };
  return { ...next, translationLanguage: servableTranslation(next, languages) };
}
