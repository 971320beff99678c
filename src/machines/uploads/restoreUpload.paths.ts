// Path model of the restore banner (convention: src/machines/testing/paths.ts). The latest-record
// double takes no input; it answers by the banner's own context (its parent): the first check finds
// a transcribed record to offer, a re-check after an offer fails (the banner stays hidden).
// Not walked: a check that answers with nothing to offer (checking -done-> hidden). The double has
// nothing left to tell that re-check from the failing one, and the other way to get there, a
// dismissed offer, is read from localStorage by the guard, which the traversal cannot see.
import { fromPromise, type AnyMachineSnapshot } from 'xstate';
import type { PathsModel } from '../../shared/testing/paths';
import { restoreUploadMachine, type LatestRecord, type RestoreOffer } from './restoreUpload.machine';

const LATEST: LatestRecord = { id: 'paths-r1', state: 'transcription_completed', languages: ['en-US'], targetLanguages: [] };
const UNREACHABLE = { kind: 'transport', messageKey: 'api:networkError' };

type BannerContext = { offer: RestoreOffer | null };
const offered = (context: BannerContext | undefined) => (context?.offer ?? null) !== null;
const parentContext = (self: { _parent?: { getSnapshot(): { context?: unknown } } }) =>
  self._parent?.getSnapshot().context as BannerContext | undefined;
const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as BannerContext;

export const pathsModel: PathsModel = {
  name: 'restoreUpload',
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
