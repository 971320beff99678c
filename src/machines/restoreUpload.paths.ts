// Path model of the restore banner (convention: src/machines/testing/paths.ts).
import { fromPromise } from 'xstate';
import type { PathsModel } from './testing/paths';
import { restoreUploadMachine, type LatestRecord } from './restoreUpload.machine';

const LATEST: LatestRecord = { id: 'paths-r1', state: 'transcription_completed', languages: ['en-US'], targetLanguages: [] };

export const pathsModel: PathsModel = {
  name: 'restoreUpload',
  machine: restoreUploadMachine.provide({ actors: { fetchLatest: fromPromise<LatestRecord | null>(async () => LATEST) } }),
  events: {
    'xstate.done.actor.fetchLatest': [
      { type: 'xstate.done.actor.fetchLatest', output: LATEST },
    ],
  },
  // Dismissals are remembered in localStorage; each replay starts from a clean one.
  serializeContext: () => null,
};
