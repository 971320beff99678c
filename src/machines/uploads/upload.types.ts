// The upload dialog's shapes as its machines hold them.

export interface LanguageOption {
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
