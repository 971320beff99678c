// After a meeting, a participant's downloads (features §2): with a visitor token, the meeting is
// loaded; without its record (transId) or when it cannot be loaded, the link has expired. The
// transcript and subtitles are plain links; the AI summary is fetched as a file on demand.
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { unwrap } from '../../api/errors';
import { downloadSummaryDocument } from '../../api/shared/summary-template-download';
import { saveToDisk } from '../../shared/save-file';
import { readToken } from '../../shared/session-storage';
import { visitorTokenActor } from './live-connection';
import { getMeeting } from '../../api/meetings/get-meeting';
import type { Meeting } from '../../api/meetings/meeting-types';

/** The summary as a .docx, saved under the meeting's name (a refusal rejects with the ApiError). */
export async function downloadSummaryFile(transId: string, fileName: string): Promise<void> {
  const file = unwrap(await downloadSummaryDocument(transId));
  saveToDisk({ blob: file.blob, fileName });
}

export interface MeetingDownloadContext {
  meetingId: string;
  meeting: Meeting | null;
  summaryFailed: boolean;
}

export type MeetingDownloadEvent = { type: 'download.summary' };

export const meetingDownloadMachine = setup({
  types: {
    context: {} as MeetingDownloadContext,
    events: {} as MeetingDownloadEvent,
    input: {} as { meetingId: string },
  },
  actors: {
    visitorToken: visitorTokenActor,
    loadMeeting: fromPromise<Meeting, { id: string }>(({ input, signal }) => getMeeting(input.id, signal)),
    downloadSummary: fromPromise<void, { transId: string; fileName: string }>(({ input }) => downloadSummaryFile(input.transId, input.fileName)),
  },
  guards: {
    hasRecord: (_, meeting: Meeting) => Boolean(meeting.transId),
  },
}).createMachine({
  id: 'meetingDownload',
  context: ({ input }) => ({ meetingId: input.meetingId, meeting: null, summaryFailed: false }),
  initial: 'authorizing',
  states: {
    authorizing: { invoke: { src: 'visitorToken', id: 'visitorToken', onDone: 'loading' } },
    loading: {
      invoke: {
        src: 'loadMeeting',
        id: 'loadMeeting',
        input: ({ context }) => ({ id: context.meetingId }),
        onDone: [
          { guard: { type: 'hasRecord', params: ({ event }) => event.output }, target: 'ready', actions: assign({ meeting: ({ event }) => event.output }) },
          { target: 'linkExpired' },
        ],
        onError: 'linkExpired',
      },
    },
    ready: {
      initial: 'idle',
      states: {
        idle: { on: { 'download.summary': { target: 'downloading', actions: assign({ summaryFailed: false }) } } },
        downloading: {
          invoke: {
            src: 'downloadSummary',
            id: 'downloadSummary',
            input: ({ context }) => ({ transId: context.meeting!.transId!, fileName: `${context.meeting!.name}.docx` }),
            onDone: 'idle',
            onError: { target: 'idle', actions: assign({ summaryFailed: true }) },
          },
        },
      },
    },
    linkExpired: { type: 'final' },
  },
});

type Snapshot = SnapshotFrom<typeof meetingDownloadMachine>;
export const selectDownloadStage = (snapshot: Snapshot): 'loading' | 'ready' | 'linkExpired' =>
  snapshot.matches('ready') ? 'ready' : snapshot.matches('linkExpired') ? 'linkExpired' : 'loading';
export const selectDownloadMeetingName = (snapshot: Snapshot) => snapshot.context.meeting?.name ?? '';
export const selectDownloadTransId = (snapshot: Snapshot) => snapshot.context.meeting?.transId ?? null;
export const selectSummaryDownloadFailed = (snapshot: Snapshot) => snapshot.context.summaryFailed;
export const selectSummaryDownloading = (snapshot: Snapshot) => snapshot.matches({ ready: 'downloading' });
/** The transcript export link (the token rides in the query: a plain download link). */
export const exportUrlFor = (transId: string, type: 'txt' | 'srt') =>
  `/prod-api/speech/audio/transcribe/export?${new URLSearchParams({ idStr: transId, type, token: readToken() ?? '' }).toString()}`;
