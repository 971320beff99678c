// Calls of the transcript page on the app-wide typed client; the machines use them as default actors.
import { api } from '../../api/instance';

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

export async function fetchTranscript(query: TranscriptQuery): Promise<TranscriptResult> {
  const result = await api.call<TranscriptResult>((client, signal) =>
    client.GET('/speech/audio/transcribe/getTransResult', {
      params: {
        query: {
          id: query.id,
          ...(query.shareCode ? { shareCode: query.shareCode } : {}),
          ...(query.lang ? { lang: query.lang } : {}),
        },
      },
      signal,
    }),
  );
  if (!result.ok) throw result.error;
  return result.data;
}

export async function saveLines(id: string, lines: TranscriptLine[]): Promise<void> {
  const body = {
    id,
    lines: lines.map((line) => ({
      id: line.id,
      startMs: line.startMs,
      endMs: line.endMs,
      text: line.text,
      translation: line.translation ?? null,
      speaker: line.speaker ? line.speaker : null,
    })),
  };
  const result = await api.call((client, signal) => client.POST('/speech/audio/transcribe/editDetails', { body, signal }));
  if (!result.ok) throw result.error;
}

export async function renameSpeaker(id: string, speaker: string, newSpeaker: string): Promise<void> {
  const result = await api.call((client, signal) =>
    client.POST('/speech/audio/transcribe/renameSpeaker', { body: { id, speaker, newSpeaker }, signal }),
  );
  if (!result.ok) throw result.error;
}

export async function addTranslation(id: string, translationLanguage: string): Promise<void> {
  const result = await api.call<{ code: number; msg: string } | null>((client, signal) =>
    client.POST('/speech/audio/transcribe/addTranslation', { body: { id, translationLanguage }, signal }),
  );
  if (!result.ok) throw result.error;
  if (result.data && result.data.code !== 200) throw { code: result.data.code, message: result.data.msg };
}

export interface SummaryView {
  transId: string;
  state: 'generating' | 'completed' | 'failed';
  content: string;
  keywords?: string[];
  keyPoints?: string[];
  errorMessage?: string | null;
  refreshAfterSeconds?: number;
  updateTime?: string | null;
}

export async function querySummary(transId: string, shareCode?: string): Promise<SummaryView | null> {
  const result = await api.call<SummaryView | null>(
    (client, signal) => client.POST('/ai/ai/queryMediaSummary', { body: { transId, ...(shareCode ? { shareCode } : {}) } as never, signal }),
    { silent: true },
  );
  if (!result.ok) {
    // No summary yet is an answer, not a failure.
    if (result.error.kind === 'business') return null;
    throw result.error;
  }
  return result.data;
}

export async function generateSummary(transId: string): Promise<SummaryView | null> {
  const result = await api.call<SummaryView | null>((client, signal) => client.POST('/ai/ai/mediaSummary', { body: { transId }, signal }));
  if (!result.ok) throw result.error;
  return result.data;
}

export async function latestLinesSummary(transId: string, count: number): Promise<SummaryView | null> {
  const result = await api.call<SummaryView | null>((client, signal) =>
    client.POST('/ai/ai/mediaFixedCountSummary', { body: { transId, count }, signal }),
  );
  if (!result.ok) throw result.error;
  return result.data;
}

export interface LanguageItem {
  code: string;
  name: string;
  available?: boolean;
  voices?: string[];
}

export async function fetchSynthesisLanguages(): Promise<LanguageItem[]> {
  const result = await api.call<LanguageItem[]>((client, signal) => client.GET('/speech/audio/synthesisLanguage', { signal }), {
    silent: true,
  });
  return result.ok ? (result.data ?? []) : [];
}

export async function fetchTranslationLanguages(): Promise<LanguageItem[]> {
  const result = await api.call<{ translation: LanguageItem[] }>((client, signal) => client.GET('/speech/audio/LanguageInternation', { signal }), {
    silent: true,
  });
  return result.ok ? (result.data?.translation ?? []) : [];
}
