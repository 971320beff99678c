// The transcript page's files (features §2 transcript page): exports in a format and content, the
// summary as Word or text and read-aloud of a line, one at a time (the page shows which one runs). Each
// runs as an actor; a finished file or speech is emitted for the route to hand to the browser, a
// failure as a notice (the server's words when it sent any). Read-aloud picks the record's language
// among those the server can speak (same language, else same base language), read once per page.
// The translation languages the page may add are a promise actor of their own (translationChoices).
import { assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { unwrap } from '../../api/errors';
import type { DownloadedFile } from '../../api/file-answer';
import { fetchTranslationLanguages } from '../../api/shared/language-internation';
import { exportRecords } from '../../api/shared/export-records';
import { downloadSummaryDocument } from '../../api/shared/summary-template-download';
import { synthesizeSpeech } from '../../api/transcript/synthesis';
import { fetchSynthesisLanguages } from '../../api/transcript/synthesis-language';
import type { ExportContent, ExportFormat } from '../../shared/contract/transcript';
import type { Notice } from '../notice';
import type { LanguageItem } from './transcript.types';

export interface TranscriptFilesInput {
  id: string;
  shareCode?: string | undefined;
}

export interface TranscriptFilesContext extends TranscriptFilesInput {
  /** Read once, on the first read-aloud. */
  synthesisLanguages: LanguageItem[] | null;
  readingLineId: string | null;
  /** What the running export was asked for. */
  pendingExport: { format: ExportFormat; content: ExportContent } | null;
  /** The summary's file being downloaded: the Word template or plain text. */
  summaryFormat: SummaryFileFormat;
  readingText: string;
  readingLanguage: string;
}

export type TranscriptFilesEvent =
  | { type: 'export.requested'; format: ExportFormat; content: ExportContent }
  | { type: 'summary.downloadRequested'; format?: SummaryFileFormat }
  | { type: 'readAloud.requested'; lineId: string; text: string; language: string };

export type SummaryFileFormat = 'docx' | 'txt';

export type TranscriptFilesEmitted = { type: 'file.ready'; file: DownloadedFile } | { type: 'speech.ready'; audio: Blob } | Notice;

export const EXPORT_FAILED_KEY = 'transcript:exportFailed';
export const READ_ALOUD_FAILED_KEY = 'transcript:readAloudFailed';

/** The server's code for `wanted`, or one with the same base language, or `wanted` itself. */
export function speakableLanguage(languages: readonly LanguageItem[], wanted: string): string {
  const base = wanted.split('-')[0];
  return languages.find((item) => item.code === wanted)?.code ?? languages.find((item) => item.code.split('-')[0] === base)?.code ?? wanted;
}

const failure = (error: unknown, fallbackKey: string): Notice => {
  const message = typeof error === 'object' && error !== null ? (error as { message?: unknown }).message : undefined;
  return typeof message === 'string' && message
    ? { type: 'notice', level: 'error', message }
    : { type: 'notice', level: 'error', messageKey: fallbackKey };
};

export const transcriptFilesMachine = setup({
  types: {
    context: {} as TranscriptFilesContext,
    events: {} as TranscriptFilesEvent,
    input: {} as TranscriptFilesInput,
    emitted: {} as TranscriptFilesEmitted,
  },
  actors: {
    exportTranscript: fromPromise<DownloadedFile, { id: string; shareCode?: string | undefined; format: ExportFormat; content: ExportContent }>(
      async ({ input, signal }) => {
        const query = { idStr: input.id, type: input.format, msgType: input.content, speaker: '1' as const, ...(input.shareCode ? { shareCode: input.shareCode } : {}) };
        return unwrap(await exportRecords(query, `transcript.${input.format}`, signal));
      },
    ),
    downloadSummary: fromPromise<DownloadedFile, { id: string; shareCode?: string | undefined; format: SummaryFileFormat }>(async ({ input }) =>
      unwrap(await downloadSummaryDocument(input.id, undefined, { format: input.format, shareCode: input.shareCode })),
    ),
    readAloud: fromPromise<{ audio: Blob; languages: LanguageItem[] }, { text: string; language: string; languages: LanguageItem[] | null }>(
      async ({ input }) => {
        const languages = input.languages ?? (await fetchSynthesisLanguages());
        const speech = unwrap(await synthesizeSpeech(input.text, speakableLanguage(languages, input.language)));
        return { audio: speech.blob, languages };
      },
    ),
  },
}).createMachine({
  id: 'transcriptFiles',
  context: ({ input }) => ({ ...input, synthesisLanguages: null, readingLineId: null, pendingExport: null, summaryFormat: 'docx', readingText: '', readingLanguage: '' }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'export.requested': {
          target: 'exporting',
          actions: assign({ pendingExport: ({ event }) => ({ format: event.format, content: event.content }) }),
        },
        'summary.downloadRequested': { target: 'downloadingSummary', actions: assign({ summaryFormat: ({ event }) => event.format ?? 'docx' }) },
        'readAloud.requested': {
          target: 'reading',
          actions: assign({ readingLineId: ({ event }) => event.lineId, readingText: ({ event }) => event.text, readingLanguage: ({ event }) => event.language }),
        },
      },
    },
    exporting: {
      exit: assign({ pendingExport: null }),
      invoke: {
        id: 'exportTranscript',
        src: 'exportTranscript',
        input: ({ context }) => ({ id: context.id, shareCode: context.shareCode, format: context.pendingExport!.format, content: context.pendingExport!.content }),
        onDone: { target: 'idle', actions: emit(({ event }) => ({ type: 'file.ready' as const, file: event.output })) },
        onError: { target: 'idle', actions: emit(({ event }) => failure(event.error, EXPORT_FAILED_KEY)) },
      },
    },
    downloadingSummary: {
      invoke: {
        id: 'downloadSummary',
        src: 'downloadSummary',
        input: ({ context }) => ({ id: context.id, shareCode: context.shareCode, format: context.summaryFormat }),
        onDone: { target: 'idle', actions: emit(({ event }) => ({ type: 'file.ready' as const, file: event.output })) },
        onError: { target: 'idle', actions: emit(({ event }) => failure(event.error, EXPORT_FAILED_KEY)) },
      },
    },
    reading: {
      exit: assign({ readingLineId: null }),
      invoke: {
        id: 'readAloud',
        src: 'readAloud',
        input: ({ context }) => ({ text: context.readingText, language: context.readingLanguage, languages: context.synthesisLanguages }),
        onDone: {
          target: 'idle',
          actions: [
            assign({ synthesisLanguages: ({ event }) => event.output.languages }),
            emit(({ event }) => ({ type: 'speech.ready' as const, audio: event.output.audio })),
          ],
        },
        onError: { target: 'idle', actions: emit(({ event }) => failure(event.error, READ_ALOUD_FAILED_KEY)) },
      },
    },
  },
});

/** The languages the owner may add a translation in; a shared page adds none, so it asks nothing. */
export const translationChoicesLogic = fromPromise<LanguageItem[], { shareCode?: string | undefined }>(async ({ input }) =>
  input.shareCode ? [] : fetchTranslationLanguages(),
);

type Snapshot = SnapshotFrom<typeof transcriptFilesMachine>;
export const selectExporting = (snapshot: Snapshot) => snapshot.matches('exporting');
export const selectReadingLineId = (snapshot: Snapshot) => snapshot.context.readingLineId;
/** The choices once read (none while reading or when the list could not be had). */
export const selectChoices = (snapshot: { output?: LanguageItem[] | undefined }) => snapshot.output ?? NO_CHOICES;
const NO_CHOICES: LanguageItem[] = [];

export { meetingMediaUrlOf, mediaUrlOf } from '../../api/transcript/media-url';
