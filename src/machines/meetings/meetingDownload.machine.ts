// After a meeting, a participant's downloads (features §2 "download audio and AI summary"): with a
// visitor token, the meeting's record is read through its share link (shareRecord: also once the
// meeting has ended, while the host keeps sharing open). The page shows the transcript in the chosen
// translation language beside the player; the transcript files and the AI summary are fetched on
// demand, one at a time. Closed sharing shows the server's words; a missing meeting, 'link expired'.
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { describeError, isApiError, unwrap, type ErrorText } from '../../api/errors';
import { downloadSummaryDocument } from '../../api/shared/summary-template-download';
import { downloadMeetingShareExport, getMeetingShareRecord } from '../../api/meetings/share-record';
import { saveToDisk } from '../../shared/save-file';
import type { ExportContent, ExportFormat } from '../../shared/contract/transcript';
import { MeetingLanguages } from '../../shared/contract/meeting-languages';
import { visitorTokenActor } from './live-connection';
import type { MeetingShareRecord } from '../../api/meetings/meeting-types';

/** The server's answer when the host has closed sharing (live:meetingShareClosed). */
export const SHARE_CLOSED_CODE = 410;
export const DOWNLOAD_FAILED_KEY = 'meetings:downloadFailed';

/** The summary as a .docx, saved under the meeting's name (a refusal rejects with the ApiError). */
export async function downloadSummaryFile(transId: string, meetingId: string, fileName: string): Promise<void> {
  const file = unwrap(await downloadSummaryDocument(transId, meetingId));
  saveToDisk({ blob: file.blob, fileName });
}

export interface TranscriptFileChoice {
  format: ExportFormat;
  content: ExportContent;
}

export interface MeetingDownloadInput {
  meetingId: string;
  /** The language the participant read during the meeting (the live page carries it over). */
  language?: string | null;
}

export interface MeetingDownloadContext extends ErrorText {
  meetingId: string;
  record: MeetingShareRecord | null;
  /** The translation language shown and written into the files ('' when the meeting has none). */
  language: string;
  wantedLanguage: string | null;
  pendingFile: TranscriptFileChoice | null;
  /** The last download failed (its words in errorMessage/errorKey). */
  downloadFailed: boolean;
}

export type MeetingDownloadEvent =
  | { type: 'download.summary' }
  | ({ type: 'download.transcript' } & TranscriptFileChoice)
  | { type: 'language.chosen'; language: string };

/** The wanted language when the meeting offers it, else the meeting's first. */
export function languageFor(record: MeetingShareRecord, wanted: string | null): string {
  return MeetingLanguages.of(record).choose(wanted);
}

export const meetingDownloadMachine = setup({
  types: {
    context: {} as MeetingDownloadContext,
    events: {} as MeetingDownloadEvent,
    input: {} as MeetingDownloadInput,
  },
  actors: {
    visitorToken: visitorTokenActor,
    loadRecord: fromPromise<MeetingShareRecord, { meetingId: string }>(({ input, signal }) => getMeetingShareRecord(input.meetingId, signal)),
    downloadSummary: fromPromise<void, { transId: string; meetingId: string; fileName: string }>(({ input }) =>
      downloadSummaryFile(input.transId, input.meetingId, input.fileName),
    ),
    downloadTranscript: fromPromise<void, { meetingId: string; language: string } & TranscriptFileChoice>(({ input, signal }) =>
      downloadMeetingShareExport({ meetingId: input.meetingId, type: input.format, msgType: input.content, ...(input.language ? { lang: input.language } : {}) }, signal),
    ),
  },
  guards: {
    shareClosed: (_, error: unknown) => isApiError(error) && (error.code ?? error.status) === SHARE_CLOSED_CODE,
    hasSummary: ({ context }) => context.record?.summary?.state === 'completed',
    offered: ({ context }, language: string) => context.record ? MeetingLanguages.of(context.record).offers(language) : false,
  },
  actions: {
    rememberFailure: assign((_, error: unknown) => ({ ...describeError(error, DOWNLOAD_FAILED_KEY), downloadFailed: true })),
    clearFailure: assign({ downloadFailed: false, errorKey: undefined, errorMessage: undefined, errorCode: undefined }),
  },
}).createMachine({
  id: 'meetingDownload',
  context: ({ input }) => ({
    meetingId: input.meetingId,
    record: null,
    language: '',
    wantedLanguage: input.language ?? null,
    pendingFile: null,
    downloadFailed: false,
  }),
  initial: 'authorizing',
  states: {
    authorizing: { invoke: { src: 'visitorToken', id: 'visitorToken', onDone: 'loading' } },
    loading: {
      invoke: {
        src: 'loadRecord',
        id: 'loadRecord',
        input: ({ context }) => ({ meetingId: context.meetingId }),
        onDone: {
          target: 'ready',
          actions: assign(({ context, event }) => ({ record: event.output, language: languageFor(event.output, context.wantedLanguage) })),
        },
        onError: [
          {
            guard: { type: 'shareClosed', params: ({ event }: { event: { error: unknown } }) => event.error },
            target: 'shareClosed',
            actions: assign(({ event }) => describeError(event.error, DOWNLOAD_FAILED_KEY)),
          },
          { target: 'linkExpired' },
        ],
      },
    },
    ready: {
      on: {
        'language.chosen': {
          guard: { type: 'offered', params: ({ event }) => event.language },
          actions: assign({ language: ({ event }) => event.language }),
        },
      },
      initial: 'idle',
      states: {
        idle: {
          on: {
            'download.summary': { guard: 'hasSummary', target: 'downloadingSummary', actions: 'clearFailure' },
            'download.transcript': {
              target: 'downloadingTranscript',
              actions: ['clearFailure', assign({ pendingFile: ({ event }) => ({ format: event.format, content: event.content }) })],
            },
          },
        },
        downloadingSummary: {
          invoke: {
            src: 'downloadSummary',
            id: 'downloadSummary',
            input: ({ context }) => ({ transId: context.record!.transId, meetingId: context.meetingId, fileName: `${context.record!.name}.docx` }),
            onDone: 'idle',
            onError: { target: 'idle', actions: { type: 'rememberFailure', params: ({ event }: { event: { error: unknown } }) => event.error } },
          },
        },
        downloadingTranscript: {
          invoke: {
            src: 'downloadTranscript',
            id: 'downloadTranscript',
            input: ({ context }) => ({ meetingId: context.meetingId, language: context.language, ...context.pendingFile! }),
            onDone: { target: 'idle', actions: assign({ pendingFile: null }) },
            onError: {
              target: 'idle',
              actions: [assign({ pendingFile: null }), { type: 'rememberFailure', params: ({ event }: { event: { error: unknown } }) => event.error }],
            },
          },
        },
      },
    },
    shareClosed: { type: 'final' },
    linkExpired: { type: 'final' },
  },
});

type Snapshot = SnapshotFrom<typeof meetingDownloadMachine>;
export type DownloadStage = 'loading' | 'ready' | 'shareClosed' | 'linkExpired';
export const selectDownloadStage = (snapshot: Snapshot): DownloadStage =>
  snapshot.matches('ready') ? 'ready' : snapshot.matches('shareClosed') ? 'shareClosed' : snapshot.matches('linkExpired') ? 'linkExpired' : 'loading';
export const selectDownloadRecord = (snapshot: Snapshot) => snapshot.context.record;
export const selectDownloadLanguage = (snapshot: Snapshot) => snapshot.context.language;
export const selectDownloadBusy = (snapshot: Snapshot) => !snapshot.matches({ ready: 'idle' });
/** The words of the last failure (or of closed sharing): the server's, else a key to translate. */
export const selectDownloadError = (snapshot: Snapshot): ErrorText | null =>
  snapshot.context.downloadFailed || snapshot.matches('shareClosed')
    ? { errorKey: snapshot.context.errorKey, errorMessage: snapshot.context.errorMessage, errorCode: snapshot.context.errorCode }
    : null;
