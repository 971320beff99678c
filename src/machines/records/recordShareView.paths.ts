// Path model of the public share page (convention: src/testing/paths.ts). The doubles
// answer by share code, so each input (the page's query and whether a sign-in is stored) takes one
// branch: 'expired-…' is a revoked link (410), 'missing-…' an unknown one (404), 'stale-…' refuses a
// stored sign-in (401) but lets a visitor read, 'nologin-…' makes the visitor sign-in fail,
// 'copyexpired-…' / 'copyfail-…' make the copy fail (410 / other); any other code reads the record.
import { fromPromise, type AnyMachineSnapshot } from 'xstate';
import type { SharedRecord, ShareReadInput } from '../../api/records/get-trans-share-status';
import { recordShareViewMachine, type RecordShareViewContext } from './recordShareView.machine';
import { fakeRecord } from './recordList.doubles';
import type { PathsModel } from '../../testing/paths';
import type { RecordItem } from './recordList.types';

const SHARED: SharedRecord = { record: fakeRecord(1), lines: [], copyAllowed: true };
const COPY = fakeRecord(9);
const EXPIRED = { kind: 'business', code: 410, message: 'The share link has expired' };
const MISSING = { kind: 'business', code: 404, message: 'The record does not exist' };
const SIGNED_OUT = { kind: 'unauthorized', status: 401 };
const COPY_REFUSED = { kind: 'business', code: 500, message: 'copy refused' };
const LOGIN_REFUSED = { kind: 'transport', messageKey: 'api:networkError' };

function readFailure(input: { shareCode: string; visitorToken: string | null }) {
  if (input.shareCode.startsWith('expired')) return EXPIRED;
  if (input.shareCode.startsWith('missing')) return MISSING;
  if (input.shareCode.startsWith('stale') && input.visitorToken === null) return SIGNED_OUT;
  return null;
}
const copyFailure = (code: string) => (code.startsWith('copyexpired') ? EXPIRED : code.startsWith('copyfail') ? COPY_REFUSED : null);
const loginFails = (code: string) => code.startsWith('nologin');
const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as RecordShareViewContext;

/** The visitor sign-in takes no input; the page (its parent) holds the share code it answers by. */
const parentShareCode = (self: { _parent?: { getSnapshot(): { context?: unknown } } }) =>
  (self._parent?.getSnapshot().context as RecordShareViewContext | undefined)?.shareCode ?? '';

const query = (shareCode: string, hasToken: boolean) => ({ id: 'r1', shareCode: `${shareCode}-1234567890abcdef`, hasToken });

export const pathsModel: PathsModel = {
  name: 'recordShareView',
  machine: recordShareViewMachine.provide({
    actors: {
      visitorLogin: fromPromise<string>(async ({ self }) => {
        if (loginFails(parentShareCode(self))) throw LOGIN_REFUSED;
        return 'visitor-token';
      }),
      readShared: fromPromise<SharedRecord, ShareReadInput>(async ({ input }) => {
        const failure = readFailure(input);
        if (failure) throw failure;
        return SHARED;
      }),
      copyShared: fromPromise<RecordItem, { id: string; shareCode: string }>(async ({ input }) => {
        const failure = copyFailure(input.shareCode);
        if (failure) throw failure;
        return COPY;
      }),
    },
  }),
  inputs: [
    query('live', true),
    query('live', false),
    { id: '', shareCode: '', hasToken: false },
    query('expired', true),
    query('missing', false),
    query('stale', true),
    query('nologin', false),
    query('copyexpired', true),
    query('copyfail', true),
  ],
  events: {
    'xstate.done.actor.visitorLogin': (snapshot) =>
      loginFails(contextOf(snapshot).shareCode) ? [] : [{ type: 'xstate.done.actor.visitorLogin', output: 'visitor-token' }],
    'xstate.error.actor.visitorLogin': (snapshot) =>
      loginFails(contextOf(snapshot).shareCode) ? [{ type: 'xstate.error.actor.visitorLogin', error: LOGIN_REFUSED }] : [],
    'xstate.done.actor.readShared': (snapshot) =>
      readFailure(contextOf(snapshot)) ? [] : [{ type: 'xstate.done.actor.readShared', output: SHARED }],
    'xstate.error.actor.readShared': (snapshot) => {
      const failure = readFailure(contextOf(snapshot));
      return failure ? [{ type: 'xstate.error.actor.readShared', error: failure }] : [];
    },
    'xstate.done.actor.copyShared': (snapshot) =>
      copyFailure(contextOf(snapshot).shareCode) ? [] : [{ type: 'xstate.done.actor.copyShared', output: COPY }],
    'xstate.error.actor.copyShared': (snapshot) => {
      const failure = copyFailure(contextOf(snapshot).shareCode);
      return failure ? [{ type: 'xstate.error.actor.copyShared', error: failure }] : [];
    },
  },
};
