// Path model of the restore banner (convention: src/testing/paths.ts). The latest-record
// double takes no input; it answers by the banner's own context (its parent): the first check finds
// a transcribed record to offer, a re-check after an offer fails (the banner stays hidden).
// Declared not walkable: checking -done-> hidden (nothing to offer); the reason is in `unreachable`.
import { fromPromise, type AnyMachineSnapshot } from 'xstate';
import type { PathsModel } from '../../testing/paths';
import { restoreUploadMachine, type LatestRecord, type RestoreOffer } from './restoreUpload.machine';

const LATEST: LatestRecord = {
  id: 'paths-r1',
  state: 'transcription_completed',
  languages: ['en-US'],
  targetLanguages: [],
  interruptedUpload: { status: 'uploading', uploadId: 'paths-u1', oriFileName: 'paths.wav', fileSize: 3_000_000, createTime: '2025-01-01' },
};
const UNREACHABLE = { kind: 'transport', messageKey: 'api:networkError' };

type BannerContext = { offer: RestoreOffer | null };
const offered = (context: BannerContext | undefined) => (context?.offer ?? null) !== null;
const parentContext = (self: { _parent?: { getSnapshot(): { context?: unknown } } }) =>
  self._parent?.getSnapshot().context as BannerContext | undefined;
const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as BannerContext;

export const pathsModel: PathsModel = {
  name: 'restoreUpload',
  unreachable: [
    {
      transition: 'checking -xstate.done:fetchLatest-> hidden',
      reason:
        'Not walkable by a path model (it happens in the product): the guard reads the dismissal from localStorage, outside the ' +
        "context the traversal sees (its actions do not run there), and fetchLatest takes no input, so after the first offer the banner's context " +
        'cannot tell a check that finds nothing from the failing re-check this model walks. Covered by restoreUpload.machine.test.ts ' +
        "('stays hidden when there is no record'; '… does not offer the same again after a dismissal').",
    },
  ],
  machine: restoreUploadMachine.provide({
    actors: {
      fetchLatest: fromPromise<LatestRecord | null>(async ({ self }) => {
        if (offered(parentContext(self))) throw UNREACHABLE;
        return LATEST;
      }),
    },
  }),
  events: {
    'xstate.done.actor.fetchLatest': (snapshot) => (offered(contextOf(snapshot)) ? [] : [{ type: 'xstate.done.actor.fetchLatest', output: LATEST }]),
    'xstate.error.actor.fetchLatest': (snapshot) =>
      offered(contextOf(snapshot)) ? [{ type: 'xstate.error.actor.fetchLatest', error: UNREACHABLE }] : [],
  },
  // Dismissals are remembered in localStorage, outside the context; the offer tells the doubles'
  // first answer from the later ones.
  serializeContext: (context: BannerContext) => ({ offered: offered(context) }),
};
