// Path model of the owner's share dialog (convention: src/machines/testing/paths.ts). The double
// answers like the server's recordsEdit: a code while shared, none after a revoke.
import { fromPromise } from 'xstate';
import type { ShareSave } from './recordShare.calls';
import { recordShareMachine } from './recordShare.machine';
import { fakeRecord } from './recordList.testing';
import type { PathsModel } from './testing/paths';
import type { RecordItem } from './recordList.types';

const RECORD = fakeRecord(1);
const CODE = 'abcdefghijklmnopqrstuvwxyz012345';
const answer = (save: ShareSave): RecordItem =>
  save.shareStatus === '0'
    ? { ...RECORD, shareStatus: '0', shareCode: null, copyStatus: '0', shareExpireTime: null }
    : { ...RECORD, shareStatus: '1', shareCode: CODE, copyStatus: save.copyStatus ?? '0', shareExpireTime: save.shareExpireTime ?? null };

export const pathsModel: PathsModel = {
  name: 'recordShare',
  machine: recordShareMachine.provide({
    actors: { saveShare: fromPromise<RecordItem, ShareSave>(async ({ input }) => answer(input)) },
  }),
  input: { record: RECORD, now: new Date(2025, 5, 15, 12) },
  events: {
    'share.optionsChanged': [
      { type: 'share.optionsChanged', allowCopy: true },
      { type: 'share.optionsChanged', expiryDate: '2025-06-01' },
      { type: 'share.optionsChanged', expiryDate: '' },
    ],
    'xstate.done.actor.saveShare': (snapshot) => [
      {
        type: 'xstate.done.actor.saveShare',
        output: answer({ id: RECORD.id, shareStatus: snapshot.matches('revoking') ? '0' : '1', copyStatus: '0', shareExpireTime: null }),
      },
    ],
  },
  serializeContext: (context) => ({
    shared: context.record.shareStatus,
    allowCopy: context.allowCopy,
    expiry: context.expiryDate,
    error: context.errorKey ?? null,
    copied: context.linkCopied,
  }),
};
