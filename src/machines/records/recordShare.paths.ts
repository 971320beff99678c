// Path model of the owner's share dialog (convention: src/testing/paths.ts). The double
// answers like the server's recordsEdit: a code while shared, none after a revoke. It refuses every
// save of one record (BROKEN), so each call's failure branch has a record to take it; the dialog
// opens on a record not shared yet or already shared.
import { fromPromise, type AnyMachineSnapshot } from 'xstate';
import type { ShareSave } from './recordList.types';
import { expiryInstant, recordShareMachine, type RecordShareContext } from './recordShare.machine';
import { fakeRecord } from './recordList.doubles';
import type { PathsModel } from '../../testing/paths';
import type { RecordItem } from './recordList.types';

const CODE = 'abcdefghijklmnopqrstuvwxyz012345';
const RECORD = fakeRecord(1);
const BROKEN = fakeRecord(2);
const SHARED = { shareStatus: '1', shareCode: CODE } as const;
const REFUSAL = { kind: 'business', code: 500, message: 'save refused' };
const NOW = new Date(2025, 5, 15, 12);

const answer = (record: RecordItem, save: ShareSave): RecordItem =>
  save.shareStatus === '0'
    ? { ...record, shareStatus: '0', shareCode: null, copyStatus: '0', shareExpireTime: null }
    : { ...record, shareStatus: '1', shareCode: CODE, copyStatus: save.copyStatus ?? '0', shareExpireTime: save.shareExpireTime ?? null };

/** What the machine sends from this snapshot (its invoke input, recomputed). */
function saveOf(snapshot: AnyMachineSnapshot): ShareSave {
  const context = snapshot.context as RecordShareContext;
  if (snapshot.matches('revoking')) return { id: context.record.id, shareStatus: '0' };
  return {
    id: context.record.id,
    shareStatus: '1',
    copyStatus: context.allowCopy ? '1' : '0',
    shareExpireTime: expiryInstant(context.expiryDate)?.toISOString() ?? null,
  };
}

export const pathsModel: PathsModel = {
  name: 'recordShare',
  machine: recordShareMachine.provide({
    actors: {
      saveShare: fromPromise<RecordItem, ShareSave>(async ({ input }) => {
        if (input.id === BROKEN.id) throw REFUSAL;
        return answer(RECORD, input);
      }),
    },
  }),
  inputs: [
    { record: RECORD, now: NOW },
    { record: { ...RECORD, ...SHARED, copyStatus: '1' }, now: NOW },
    { record: BROKEN, now: NOW },
    { record: { ...BROKEN, ...SHARED }, now: NOW },
  ],
  // The option edits multiply the states (a few dozen per input), and the simple paths through
  // them number in the millions: enumerating them took 50 s. Shortest paths plus one path per
  // untaken transition reach the same states and transitions.
  skipSimplePaths: true,
  events: {
    'share.optionsChanged': [
      { type: 'share.optionsChanged', allowCopy: true },
      { type: 'share.optionsChanged', allowCopy: false },
      { type: 'share.optionsChanged', expiryDate: '2025-06-01' },
      { type: 'share.optionsChanged', expiryDate: '2025-07-01' },
      { type: 'share.optionsChanged', expiryDate: '' },
    ],
    'xstate.done.actor.saveShare': (snapshot) =>
      (snapshot.context as RecordShareContext).record.id === BROKEN.id
        ? []
        : [{ type: 'xstate.done.actor.saveShare', output: answer(RECORD, saveOf(snapshot)) }],
    'xstate.error.actor.saveShare': (snapshot) =>
      (snapshot.context as RecordShareContext).record.id === BROKEN.id ? [{ type: 'xstate.error.actor.saveShare', error: REFUSAL }] : [],
  },
  serializeContext: (context: RecordShareContext) => ({
    record: context.record.id,
    shared: context.record.shareStatus,
    allowCopy: context.allowCopy,
    expiry: context.expiryDate,
    error: context.errorKey ?? context.errorMessage ?? null,
    copied: context.linkCopied,
  }),
};
