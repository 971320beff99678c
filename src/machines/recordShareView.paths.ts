// Path model of the public share page (convention: src/machines/testing/paths.ts). The read
// double answers by share code: 'expired-…' is a revoked link (410), 'missing-…' an unknown one
// (404), any other code reads the record; the copy double always succeeds.
import { fromPromise, type AnyMachineSnapshot } from 'xstate';
import type { SharedRecord, ShareReadInput } from './recordShare.calls';
import { recordShareViewMachine, type RecordShareViewContext } from './recordShareView.machine';
import { fakeRecord } from './recordList.testing';
import type { PathsModel } from './testing/paths';
import type { RecordItem } from './recordList.types';

const SHARED: SharedRecord = { record: fakeRecord(1), lines: [], copyAllowed: true };
const EXPIRED = { kind: 'business', code: 410, message: 'The share link has expired' };
const MISSING = { kind: 'business', code: 404, message: 'The record does not exist' };
const failureFor = (code: string) => (code.startsWith('expired') ? EXPIRED : code.startsWith('missing') ? MISSING : null);
const codeOf = (snapshot: AnyMachineSnapshot) => (snapshot.context as RecordShareViewContext).shareCode;

export const pathsModel: PathsModel = {
  name: 'recordShareView',
  machine: recordShareViewMachine.provide({
    actors: {
      visitorLogin: fromPromise<string>(async () => 'visitor-token'),
      readShared: fromPromise<SharedRecord, ShareReadInput>(async ({ input }) => {
        const failure = failureFor(input.shareCode);
        if (failure) throw failure;
        return SHARED;
      }),
      copyShared: fromPromise<RecordItem, { id: string; shareCode: string }>(async () => fakeRecord(9)),
    },
  }),
  // Signed in, so the copy is reachable; the visitor branch is covered by the unit tests.
  input: { id: 'r1', shareCode: 'live-1234567890abcdef', hasToken: true },
  events: {
    'xstate.done.actor.visitorLogin': [{ type: 'xstate.done.actor.visitorLogin', output: 'visitor-token' }],
    'xstate.done.actor.readShared': (snapshot) => (failureFor(codeOf(snapshot)) ? [] : [{ type: 'xstate.done.actor.readShared', output: SHARED }]),
    'xstate.error.actor.readShared': (snapshot) => {
      const failure = failureFor(codeOf(snapshot));
      return failure ? [{ type: 'xstate.error.actor.readShared', error: failure }] : [];
    },
    'xstate.done.actor.copyShared': [{ type: 'xstate.done.actor.copyShared', output: fakeRecord(9) }],
  },
};
