// Path model of the dub submit (convention: src/testing/paths.ts). The first file's name
// picks each outcome of the doubles: 'poor*' — the cost check says the balance is short
// (92505000); 'offline*' — the cost check fails without a code; 'nobenefit*' — the transwrite is
// refused with 92505003; 'bad*' — the transwrite answers a plain refusal; anything else starts.
// One input waits in idle for a submit event; the other starts with its request.
import { fromPromise, type AnyMachineSnapshot } from 'xstate';
import type { PathsModel } from '../../testing/paths';
import { defaultDubForm } from './dub-form';
import { dubSubmitMachine, type DubSubmitContext, type DubSubmitRequest } from './dubSubmit.machine';

const request = (name: string): DubSubmitRequest => ({
  userId: 'u1',
  form: defaultDubForm(),
  files: [{ recordId: `rec-${name}`, name, durationSeconds: 30 }],
});
const first = (snapshot: AnyMachineSnapshot) => (snapshot.context as DubSubmitContext).request?.files[0]?.name ?? '';
const BALANCE_SHORT = { code: 92505000, messageKey: 'dubbing:balanceShort' };
const OFFLINE = { messageKey: 'api:networkError' };
const NO_BENEFIT = { failure: { code: 92505003, message: 'No dubbing pack' }, started: [] };
const REFUSED = { failure: { code: 500, message: 'Refused' }, started: [] };

const costRefusal = (name: string) => (name.startsWith('poor') ? BALANCE_SHORT : name.startsWith('offline') ? OFFLINE : null);
const startRefusal = (name: string) => (name.startsWith('nobenefit') ? NO_BENEFIT : name.startsWith('bad') ? REFUSED : null);

export const pathsModel: PathsModel = {
  name: 'dubSubmit',
  machine: dubSubmitMachine.provide({
    actors: {
      checkCost: fromPromise<void, DubSubmitRequest>(async ({ input }) => {
        const refusal = costRefusal(input.files[0]?.name ?? '');
        if (refusal) throw refusal;
      }),
      startEach: fromPromise<string[], { request: DubSubmitRequest; alreadyStarted: string[] }>(async ({ input }) => {
        const refusal = startRefusal(input.request.files[0]?.name ?? '');
        if (refusal) throw refusal;
        return input.request.files.map((file) => file.recordId);
      }),
    },
  }),
  inputs: [{}, { request: request('talk.mp4') }],
  events: {
    submit: ['talk.mp4', 'poor.mp4', 'offline.mp4', 'nobenefit.mp4', 'bad.mp4'].map((name) => ({ type: 'submit', request: request(name) })),
    'xstate.done.actor.checkCost': (snapshot) => (costRefusal(first(snapshot)) ? [] : [{ type: 'xstate.done.actor.checkCost' }]),
    'xstate.error.actor.checkCost': (snapshot) => {
      const refusal = costRefusal(first(snapshot));
      return refusal ? [{ type: 'xstate.error.actor.checkCost', error: refusal }] : [];
    },
    'xstate.done.actor.startEach': (snapshot) =>
      startRefusal(first(snapshot)) ? [] : [{ type: 'xstate.done.actor.startEach', output: [`rec-${first(snapshot)}`] }],
    'xstate.error.actor.startEach': (snapshot) => {
      const refusal = startRefusal(first(snapshot));
      return refusal ? [{ type: 'xstate.error.actor.startEach', error: refusal }] : [];
    },
  },
  serializeContext: (context: DubSubmitContext) => ({
    first: context.request?.files[0]?.name ?? null,
    started: context.startedIds,
    code: context.failure?.code ?? null,
    outcome: context.outcome,
  }),
};
