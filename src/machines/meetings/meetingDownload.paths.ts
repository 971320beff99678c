// Path model of the participant's downloads: "m-done" has its record and a summary to download,
// "m-nosum" has its record but the summary download fails, "m-norecord" has no record (expired),
// any other id fails to load (expired).
import { fromPromise, type AnyMachineSnapshot } from 'xstate';
import type { PathsModel } from '../../shared/testing/paths';
import type { Meeting } from '../../api/meetings/meeting-types';
import { meetingDownloadMachine, type MeetingDownloadContext } from './meetingDownload.machine';

const meeting = (id: string, transId: string | null): Meeting => ({
  id, name: 'Weekly sync', state: 'ended', transId, recognitionLanguages: ['en-US'], translationLanguages: ['es-ES'], createTime: '2025-01-01T00:00:00Z',
});
export const DOWNLOADABLE: Record<string, Meeting> = {
  'm-done': meeting('m-done', 't-done'),
  'm-nosum': meeting('m-nosum', 't-nosum'),
  'm-norecord': meeting('m-norecord', null),
};
const NOT_FOUND = { kind: 'business', code: 404, message: 'Not found' };
const FAILED = new Error('download failed');

export const meetingDownloadDoubles = {
  visitorToken: fromPromise<string | null>(async () => 'visitor-token'),
  loadMeeting: fromPromise<Meeting, { id: string }>(async ({ input }) => {
    const found = DOWNLOADABLE[input.id];
    if (!found) throw NOT_FOUND;
    return found;
  }),
  downloadSummary: fromPromise<void, { transId: string; fileName: string }>(async ({ input }) => {
    if (input.transId === 't-nosum') throw FAILED;
  }),
};

const idOf = (snapshot: AnyMachineSnapshot) => (snapshot.context as MeetingDownloadContext).meetingId;

export const pathsModel: PathsModel = {
  name: 'meetingDownload',
  machine: meetingDownloadMachine.provide({ actors: meetingDownloadDoubles }),
  inputs: ['m-done', 'm-nosum', 'm-norecord', 'm-gone'].map((meetingId) => ({ meetingId })),
  serializeContext: (context: MeetingDownloadContext) => ({ failed: context.summaryFailed }),
  events: {
    'xstate.done.actor.visitorToken': [{ type: 'xstate.done.actor.visitorToken', output: 'visitor-token' }],
    'xstate.done.actor.loadMeeting': (snapshot) => {
      const found = DOWNLOADABLE[idOf(snapshot)];
      return found ? [{ type: 'xstate.done.actor.loadMeeting', output: found }] : [];
    },
    'xstate.error.actor.loadMeeting': (snapshot) => (DOWNLOADABLE[idOf(snapshot)] ? [] : [{ type: 'xstate.error.actor.loadMeeting', error: NOT_FOUND }]),
    'xstate.done.actor.downloadSummary': (snapshot) => (idOf(snapshot) === 'm-nosum' ? [] : [{ type: 'xstate.done.actor.downloadSummary' }]),
    'xstate.error.actor.downloadSummary': (snapshot) =>
      idOf(snapshot) === 'm-nosum' ? [{ type: 'xstate.error.actor.downloadSummary', error: FAILED }] : [],
  },
};
