// The transcript page's shapes as its machines hold them (the contract sends more fields).
import type { VocabularyKind } from '../../shared/contract/vocabulary-kinds';

export interface TranscriptWordView {
  startMs: number;
  endMs: number;
  text: string;
}

export interface TranscriptLine {
  id: string;
  startMs: number;
  endMs: number;
  text: string;
  translation?: string | null;
  /** The original text was edited after the translation was made (translate again to clear). */
  translationStale?: boolean;
  speaker?: string | null;
  speakerId?: string | null;
  /** Word timings when the server sends them; otherwise the page estimates them. */
  words?: TranscriptWordView[];
}

export interface TranscriptRecord {
  id: string;
  showName: string;
  state: string;
  languages: string[];
  targetLanguages: string[];
  duration?: number | null;
  audioDuration?: number | null;
  progress?: number | null;
  errorMessage?: string | null;
  createTime: string;
  /** The vocabulary libraries in force when it was transcribed or recorded (the owner's view only). */
  vocabularies?: { id: string; name: string; kind: VocabularyKind }[];
}

export interface TranscriptResult {
  record: TranscriptRecord;
  lines: TranscriptLine[];
}

export interface TranscriptQuery {
  id: string;
  shareCode?: string | undefined;
  lang?: string | undefined;
}

export interface SummaryView {
  transId: string;
  state: 'generating' | 'completed' | 'failed';
  content: string;
  keywords?: string[];
  keyPoints?: string[];
  decisions?: SummaryItem[];
  actionItems?: SummaryItem[];
  /** The language it is written in, and the transcript's when it was translated. */
  lang?: string | null;
  sourceLang?: string | null;
  /** A translated remark shown with it (e.g. the offline summariser wrote it as the service failed). */
  note?: string | null;
  /** The transcript was edited after it was made. */
  transcriptChanged?: boolean;
  errorMessage?: string | null;
  refreshAfterSeconds?: number;
  updateTime?: string | null;
}

/** A decision or action item, with who stated it when speakers are known. */
export interface SummaryItem {
  text: string;
  speaker?: string | null;
}

export interface LanguageItem {
  code: string;
  name: string;
  available?: boolean;
  voices?: string[];
}
