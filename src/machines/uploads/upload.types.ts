// The upload dialog's shapes as its machines hold them.

import type { ServedLanguage } from '../../shared/contract/language-availability';

/** A language as the server lists it, with whether this server can serve it. */
export interface LanguageOption extends ServedLanguage {
  code: string;
  name: string;
}

export interface LanguageLists {
  transcribeLanguage: LanguageOption[];
  translation: LanguageOption[];
}

export interface TranscribeRequest {
  ids: string[];
  showName: string;
  audioLanguage: string;
  translationLanguage: string | null;
  speaker: '0' | '1';
  maxSpeakers: number;
  folderId: string;
  folderName?: string;
}

export interface UploadForm {
  showName: string;
  audioLanguage: string;
  /** null: no translation. */
  translationLanguage: string | null;
  speaker: boolean;
  maxSpeakers: number;
  folderId: string;
  folderName?: string;
}

export type RestoreSettings = Partial<UploadForm>;

/** The server's newest upload that never reached transcription (getLatestTrans interruptedUpload). */
export interface InterruptedUploadInfo {
  status: 'uploading' | 'uploaded';
  uploadId?: string | null;
  id?: string | null;
  oriFileName: string;
  fileSize: number;
  audioDuration?: number | null;
  createTime: string;
}
