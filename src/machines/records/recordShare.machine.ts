// The owner's share dialog of one record (features §7 share status, platform §8 "share link
// expired"): create a read-only link, optionally allowing copies and with an expiry day, change those
// settings (the code stays, so links already sent keep working), copy the link, revoke it.
import { assign, enqueueActions, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { editRecord } from '../../api/records/edit-record';
import type { ShareSave } from './recordList.types';
import { describeError, type ErrorText } from '../../api/errors';
import type { RecordItem } from './recordList.types';

export interface RecordShareInput {
  record: RecordItem;
  /** The current time, injected so the expiry check is testable; defaults to now. */
  now?: Date;
}

export interface RecordShareContext extends ErrorText {
  record: RecordItem;
  allowCopy: boolean;
  /** yyyy-MM-dd as the date input gives it; '' never expires. */
  expiryDate: string;
  now: Date;
  linkCopied: boolean;
}

export type RecordShareEvent =
  | { type: 'share.optionsChanged'; allowCopy?: boolean; expiryDate?: string }
  | { type: 'share.create' }
  | { type: 'share.update' }
  | { type: 'share.revoke' }
  | { type: 'share.linkCopied' }
  | { type: 'share.linkCopyFailed' };

export const SHARE_EXPIRY_PAST_KEY = 'records:shareExpiryPast';
export const SHARE_FAILED_KEY = 'records:downloadFailed';
export const LINK_COPY_FAILED_KEY = 'records:copyLinkFailed';

/** The end of the chosen day in the user's time zone: a link "expiring on" a day works all that day. */
export function expiryInstant(expiryDate: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(expiryDate);
  if (!match) return null;
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 23, 59, 59, 999);
}

/** The date input's value (local day) of an ISO expiry. */
export function expiryDateOf(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function shareUrl(origin: string, record: Pick<RecordItem, 'id' | 'shareCode'>): string | null {
  if (!record.shareCode) return null;
  return `${origin}/meetingShare?id=${encodeURIComponent(record.id)}&shareCode=${encodeURIComponent(record.shareCode)}`;
}

function shareSettings(context: RecordShareContext): Omit<ShareSave, 'id' | 'shareStatus'> {
  const instant = expiryInstant(context.expiryDate);
  return { copyStatus: context.allowCopy ? '1' : '0', shareExpireTime: instant ? instant.toISOString() : null };
}

const isShared = (record: RecordItem) => record.shareStatus === '1' && !!record.shareCode;
const noError = { errorKey: undefined, errorMessage: undefined, errorCode: undefined } as const;

export const recordShareMachine = setup({
  types: {
    context: {} as RecordShareContext,
    events: {} as RecordShareEvent,
    input: {} as RecordShareInput,
    // The server's answer changed the record (shared, options, revoked): the list row follows it.
    emitted: {} as { type: 'share.recordChanged'; record: RecordItem },
  },
  actors: {
    saveShare: fromPromise<RecordItem, ShareSave>(({ input }) => editRecord(input)),
  },
  guards: {
    isShared: ({ context }) => isShared(context.record),
    expiryPast: ({ context }) => {
      const instant = expiryInstant(context.expiryDate);
      return instant !== null && instant.getTime() <= context.now.getTime();
    },
  },
  actions: {
    applyOptions: assign(({ context, event }) => {
      if (event.type !== 'share.optionsChanged') return {};
      return {
        allowCopy: event.allowCopy ?? context.allowCopy,
        expiryDate: event.expiryDate ?? context.expiryDate,
        ...noError,
      };
    }),
    rememberRecord: enqueueActions(({ enqueue }, record: RecordItem) => {
      enqueue.assign({
        record,
        allowCopy: record.copyStatus === '1',
        expiryDate: expiryDateOf(record.shareExpireTime),
        linkCopied: false,
        ...noError,
      });
      enqueue.emit({ type: 'share.recordChanged', record });
    }),
    rememberFailure: assign((_, error: unknown) => describeError(error, SHARE_FAILED_KEY)),
  },
}).createMachine({
  id: 'recordShare',
  context: ({ input }) => ({
    record: input.record,
    allowCopy: input.record.copyStatus === '1',
    expiryDate: expiryDateOf(input.record.shareExpireTime),
    now: input.now ?? new Date(),
    linkCopied: false,
  }),
  initial: 'checking',
  states: {
    checking: {
      always: [{ guard: 'isShared', target: 'shared' }, { target: 'unshared' }],
    },
    unshared: {
      on: {
        'share.optionsChanged': { actions: 'applyOptions' },
        'share.create': [
          { guard: 'expiryPast', actions: assign({ errorKey: SHARE_EXPIRY_PAST_KEY, errorMessage: undefined }) },
          { target: 'creating', actions: assign(noError) },
        ],
      },
    },
    creating: {
      invoke: {
        id: 'saveShare',
        src: 'saveShare',
        input: ({ context }) => ({ id: context.record.id, shareStatus: '1' as const, ...shareSettings(context) }),
        onDone: { target: 'shared', actions: { type: 'rememberRecord', params: ({ event }) => event.output } },
        onError: { target: 'unshared', actions: { type: 'rememberFailure', params: ({ event }: { event: { error: unknown } }) => event.error } },
      },
    },
    shared: {
      on: {
        'share.optionsChanged': { actions: 'applyOptions' },
        'share.update': [
          { guard: 'expiryPast', actions: assign({ errorKey: SHARE_EXPIRY_PAST_KEY, errorMessage: undefined }) },
          { target: 'updating', actions: assign(noError) },
        ],
        'share.revoke': { target: 'revoking', actions: assign(noError) },
        'share.linkCopied': { actions: assign({ linkCopied: true, ...noError }) },
        'share.linkCopyFailed': { actions: assign({ linkCopied: false, errorKey: LINK_COPY_FAILED_KEY, errorMessage: undefined }) },
      },
    },
    updating: {
      invoke: {
        id: 'saveShare',
        src: 'saveShare',
        // shareStatus '1' again keeps the live code (contract: recordsEdit).
        input: ({ context }) => ({ id: context.record.id, shareStatus: '1' as const, ...shareSettings(context) }),
        onDone: { target: 'shared', actions: { type: 'rememberRecord', params: ({ event }) => event.output } },
        onError: { target: 'shared', actions: { type: 'rememberFailure', params: ({ event }: { event: { error: unknown } }) => event.error } },
      },
    },
    revoking: {
      invoke: {
        id: 'saveShare',
        src: 'saveShare',
        input: ({ context }) => ({ id: context.record.id, shareStatus: '0' as const }),
        onDone: { target: 'unshared', actions: { type: 'rememberRecord', params: ({ event }) => event.output } },
        onError: { target: 'shared', actions: { type: 'rememberFailure', params: ({ event }: { event: { error: unknown } }) => event.error } },
      },
    },
  },
});

export const selectShareUrl = (snapshot: { context: RecordShareContext }, origin: string) => shareUrl(origin, snapshot.context.record);

type ShareSnapshot = SnapshotFrom<typeof recordShareMachine>;
export const selectShareContext = (snapshot: ShareSnapshot) => snapshot.context;
/** A share call is running (create, update or revoke). */
export const selectShareBusy = (snapshot: ShareSnapshot) => snapshot.matches('creating') || snapshot.matches('updating') || snapshot.matches('revoking');
/** The record has a live link (also while it is being changed or revoked). */
export const selectIsShared = (snapshot: ShareSnapshot) => snapshot.matches('shared') || snapshot.matches('updating') || snapshot.matches('revoking');
