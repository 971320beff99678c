// The avatar menu's "My QR code" dialog (platform §2 Dialogs, §4 QR share, §8 'QR copy'): opening
// reads shareStatus of the user's client data; the switch saves the new status at once and rolls it
// back when the save fails; "copy image" puts the QR picture on the clipboard and reports
// 'Successful replication' or 'Replication failure'. Saving and copying are independent.
import { assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { saveShareStatusActor } from '../../api/account/client-user-edit';
import { fetchShareStatusActor } from '../../api/account/get-client';
import { copyImageToClipboard } from './clipboard';
import type { Notice } from '../notice';
import { describeError, type ErrorText } from '../../api/errors';

export interface MyQrCodeContext extends ErrorText {
  userId: string | null;
  shareEnabled: boolean;
  /** The status before the save in flight, restored if it fails. */
  previousShareEnabled: boolean;
  /** The image being put on the clipboard. */
  copyImageUrl: string | null;
}

export type MyQrCodeEvent =
  | { type: 'qr.open'; userId: string }
  | { type: 'qr.retry' }
  | { type: 'qr.shareToggled'; enabled: boolean }
  | { type: 'qr.copyRequested'; imageDataUrl: string | null }
  | { type: 'qr.close' };

export const QR_COPIED_KEY = 'voucher:qrCopied';
export const QR_COPY_FAILED_KEY = 'voucher:qrCopyFailed';
export const QR_LOAD_FAILED_KEY = 'voucher:qrLoadFailed';
export const QR_SAVE_FAILED_KEY = 'voucher:qrSaveFailed';

const noError = { errorKey: undefined, errorMessage: undefined, errorCode: undefined } as const;

export const myQrCodeMachine = setup({
  types: {
    context: {} as MyQrCodeContext,
    events: {} as MyQrCodeEvent,
    emitted: {} as Notice,
  },
  actors: {
    fetchShareStatus: fetchShareStatusActor,
    saveShareStatus: saveShareStatusActor,
    copyImage: fromPromise<void, { imageDataUrl: string }>(({ input }) => copyImageToClipboard(input.imageDataUrl)),
  },
  guards: {
    changesStatus: ({ context, event }) => event.type === 'qr.shareToggled' && event.enabled !== context.shareEnabled,
  },
  actions: {
    noticeCopied: emit({ type: 'notice', level: 'success', messageKey: QR_COPIED_KEY } as const),
    noticeCopyFailed: emit({ type: 'notice', level: 'error', messageKey: QR_COPY_FAILED_KEY } as const),
  },
}).createMachine({
  id: 'myQrCode',
  context: { userId: null, shareEnabled: false, previousShareEnabled: false, copyImageUrl: null },
  initial: 'closed',
  states: {
    closed: {
      on: {
        'qr.open': { target: 'loading', actions: assign(({ event }) => ({ userId: event.userId, shareEnabled: false, previousShareEnabled: false, ...noError })) },
      },
    },
    loading: {
      invoke: {
        id: 'fetchShareStatus',
        src: 'fetchShareStatus',
        input: ({ context }) => ({ userId: context.userId ?? '' }),
        onDone: { target: 'ready', actions: assign({ shareEnabled: ({ event }) => event.output }) },
        onError: { target: 'loadFailed', actions: assign(({ event }) => describeError(event.error, QR_LOAD_FAILED_KEY)) },
      },
      on: { 'qr.close': 'closed' },
    },
    // The switch would show a guess; the dialog offers a retry instead.
    loadFailed: {
      on: {
        'qr.retry': { target: 'loading', actions: assign(noError) },
        'qr.close': 'closed',
      },
    },
    ready: {
      type: 'parallel',
      on: { 'qr.close': 'closed' },
      states: {
        share: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'qr.shareToggled': {
                  guard: 'changesStatus',
                  target: 'saving',
                  // Shown at once; restored below if the server refuses.
                  actions: assign(({ context, event }) => ({ previousShareEnabled: context.shareEnabled, shareEnabled: event.enabled, ...noError })),
                },
              },
            },
            saving: {
              invoke: {
                id: 'saveShareStatus',
                src: 'saveShareStatus',
                input: ({ context }) => ({ userId: context.userId ?? '', enabled: context.shareEnabled }),
                onDone: 'idle',
                onError: {
                  target: 'idle',
                  actions: assign(({ context, event }) => ({ shareEnabled: context.previousShareEnabled, ...describeError(event.error, QR_SAVE_FAILED_KEY) })),
                },
              },
            },
          },
        },
        copy: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'qr.copyRequested': [
                  { guard: ({ event }) => !!event.imageDataUrl, target: 'copying', actions: assign({ copyImageUrl: ({ event }) => event.imageDataUrl }) },
                  { actions: 'noticeCopyFailed' },
                ],
              },
            },
            copying: {
              invoke: {
                id: 'copyImage',
                src: 'copyImage',
                input: ({ context }) => ({ imageDataUrl: context.copyImageUrl ?? '' }),
                onDone: { target: 'idle', actions: [assign({ copyImageUrl: null }), 'noticeCopied'] },
                onError: { target: 'idle', actions: [assign({ copyImageUrl: null }), 'noticeCopyFailed'] },
              },
            },
          },
        },
      },
    },
  },
});

type MyQrCodeSnapshot = SnapshotFrom<typeof myQrCodeMachine>;

export const selectQrOpen = (snapshot: MyQrCodeSnapshot) => !snapshot.matches('closed');
export const selectQrLoading = (snapshot: MyQrCodeSnapshot) => snapshot.matches('loading');
export const selectQrLoadFailed = (snapshot: MyQrCodeSnapshot) => snapshot.matches('loadFailed');
export const selectShareEnabled = (snapshot: MyQrCodeSnapshot) => snapshot.context.shareEnabled;
/** The switch is still while the status is unknown or a save is in flight. */
export const selectShareSwitchBusy = (snapshot: MyQrCodeSnapshot) => !snapshot.matches('ready') || snapshot.matches({ ready: { share: 'saving' } });
export const selectQrCopying = (snapshot: MyQrCodeSnapshot) => snapshot.matches({ ready: { copy: 'copying' } });
