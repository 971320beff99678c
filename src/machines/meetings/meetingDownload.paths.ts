// Path model of the participant's downloads. Meetings by id: "m-done" is readable with a summary and
// every download works; "m-fail" is readable with a summary but both downloads fail; "m-bare" is
// readable without a summary (used by the machine test);
// "m-closed" is refused because the host closed sharing; any other id is not found (expired).
import { fromPromise, type AnyMachineSnapshot } from 'xstate';
import type { PathsModel } from '../../testing/paths';
import type { MeetingShareRecord } from '../../api/meetings/meeting-types';
import { meetingDownloadMachine, type MeetingDownloadContext, type MeetingDownloadInput, type TranscriptFileChoice } from './meetingDownload.machine';

const record = (meetingId: string, withSummary: boolean): MeetingShareRecord => ({
  meetingId,
  transId: `t-${meetingId}`,
  name: 'Weekly sync',
  state: 'ended',
  recognitionLanguages: ['en-US'],
  translationLanguages: ['es-ES', 'fr-FR'],
  startTime: '2025-01-01T10:00:00Z',
  endTime: '2025-01-01T10:30:00Z',
  duration: 1800,
  hasAudio: true,
  lines: [{ id: 'l1', startMs: 0, endMs: 1000, text: 'hello', translation: 'hola', translations: { 'es-ES': 'hola', 'fr-FR': 'bonjour' } }],
  summary: withSummary ? { transId: `t-${meetingId}`, state: 'completed', content: 'A greeting.' } : null,
});
export const READABLE: Record<string, MeetingShareRecord> = {
  'm-done': record('m-done', true),
  'm-fail': record('m-fail', true),
  'm-bare': record('m-bare', false),
};
export const SHARE_CLOSED = { kind: 'business', code: 410, message: 'The host has closed sharing of this meeting' };
const NOT_FOUND = { kind: 'business', code: 404, message: 'Meeting not found' };
const FAILED = { kind: 'business', code: 500, message: 'download failed' };

export const meetingDownloadDoubles = {
  visitorToken: fromPromise<string | null>(async () => 'visitor-token'),
  loadRecord: fromPromise<MeetingShareRecord, { meetingId: string }>(async ({ input }) => {
    const found = READABLE[input.meetingId];
    if (found) return found;
    throw input.meetingId === 'm-closed' ? SHARE_CLOSED : NOT_FOUND;
  }),
  downloadSummary: fromPromise<void, { transId: string; meetingId: string; fileName: string }>(async ({ input }) => {
    if (input.meetingId === 'm-fail') throw FAILED;
  }),
  downloadTranscript: fromPromise<void, { meetingId: string; language: string } & TranscriptFileChoice>(async ({ input }) => {
    if (input.meetingId === 'm-fail') throw FAILED;
  }),
};

const idOf = (snapshot: AnyMachineSnapshot) => (snapshot.context as MeetingDownloadContext).meetingId;

export const pathsModel: PathsModel = {
  name: 'meetingDownload',
  machine: meetingDownloadMachine.provide({ actors: meetingDownloadDoubles }),
  inputs: [
    { meetingId: 'm-done', language: 'fr-FR' },
    { meetingId: 'm-fail' },
    { meetingId: 'm-closed' },
    { meetingId: 'm-gone' },
  ] satisfies MeetingDownloadInput[],
  serializeContext: (context: MeetingDownloadContext) => ({ language: context.language, failed: context.downloadFailed }),
  events: {
    'language.chosen': [
      { type: 'language.chosen', language: 'es-ES' },
      { type: 'language.chosen', language: 'de-DE' },
    ],
    'download.transcript': [{ type: 'download.transcript', format: 'srt', content: 'bilingual' }],
    'xstate.done.actor.visitorToken': [{ type: 'xstate.done.actor.visitorToken', output: 'visitor-token' }],
    'xstate.done.actor.loadRecord': (snapshot) => {
      const found = READABLE[idOf(snapshot)];
      return found ? [{ type: 'xstate.done.actor.loadRecord', output: found }] : [];
    },
    'xstate.error.actor.loadRecord': (snapshot) =>
      READABLE[idOf(snapshot)] ? [] : [{ type: 'xstate.error.actor.loadRecord', error: idOf(snapshot) === 'm-closed' ? SHARE_CLOSED : NOT_FOUND }],
    'xstate.done.actor.downloadSummary': (snapshot) => (idOf(snapshot) === 'm-fail' ? [] : [{ type: 'xstate.done.actor.downloadSummary' }]),
    'xstate.error.actor.downloadSummary': (snapshot) =>
      idOf(snapshot) === 'm-fail' ? [{ type: 'xstate.error.actor.downloadSummary', error: FAILED }] : [],
    'xstate.done.actor.downloadTranscript': (snapshot) => (idOf(snapshot) === 'm-fail' ? [] : [{ type: 'xstate.done.actor.downloadTranscript' }]),
    'xstate.error.actor.downloadTranscript': (snapshot) =>
      idOf(snapshot) === 'm-fail' ? [{ type: 'xstate.error.actor.downloadTranscript', error: FAILED }] : [],
  },
};
