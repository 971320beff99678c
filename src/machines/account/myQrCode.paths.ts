// Path model of the my-QR-code machine (convention: src/testing/paths.ts). The doubles
// read shareStatus '1' for user 'u1' and fail to read it for 'offline'; saving 'on' is refused
// (rolled back) and saving 'off' accepted; a copy succeeds for a drawn image and fails for a broken one.
import { fromPromise, type AnyMachineSnapshot } from 'xstate';
import { myQrCodeMachine, type MyQrCodeContext } from './myQrCode.machine';
import type { PathsModel } from '../../testing/paths';

const IMAGE = 'data:image/png;base64,iVBORw0KGgo=';
const BROKEN_IMAGE = 'data:image/png;base64,broken';
const REFUSED = { kind: 'business', code: 500, message: 'Refused' };
const OFFLINE = { kind: 'transport', messageKey: 'api:networkError' };

const contextOf = (snapshot: AnyMachineSnapshot) => snapshot.context as MyQrCodeContext;
const readFails = (snapshot: AnyMachineSnapshot) => contextOf(snapshot).userId === 'offline';
/** The switch already shows the value being saved. */
const saveFails = (snapshot: AnyMachineSnapshot) => contextOf(snapshot).shareEnabled;
const copyFails = (snapshot: AnyMachineSnapshot) => contextOf(snapshot).copyImageUrl === BROKEN_IMAGE;

export const pathsModel: PathsModel = {
  name: 'myQrCode',
  machine: myQrCodeMachine.provide({
    actors: {
      fetchShareStatus: fromPromise<boolean, { userId: string }>(async ({ input }) => {
        if (input.userId === 'offline') throw OFFLINE;
        return true;
      }),
      saveShareStatus: fromPromise<void, { userId: string; enabled: boolean }>(async ({ input }) => {
        if (input.enabled) throw REFUSED;
      }),
      copyImage: fromPromise<void, { imageDataUrl: string }>(async ({ input }) => {
        if (input.imageDataUrl === BROKEN_IMAGE) throw new Error('clipboard refused');
      }),
    },
  }),
  events: {
    'qr.open': [
      { type: 'qr.open', userId: 'u1' },
      { type: 'qr.open', userId: 'offline' },
    ],
    // The replay settles every double at once, so a copy and a save are never walked overlapping
    // (the unit tests cover that); each starts only while the other region is idle.
    'qr.shareToggled': (snapshot) =>
      snapshot.matches({ ready: { copy: 'copying' } })
        ? []
        : [
            { type: 'qr.shareToggled', enabled: true },
            { type: 'qr.shareToggled', enabled: false },
          ],
    'qr.copyRequested': (snapshot) =>
      snapshot.matches({ ready: { share: 'saving' } })
        ? []
        : [
            { type: 'qr.copyRequested', imageDataUrl: IMAGE },
            { type: 'qr.copyRequested', imageDataUrl: BROKEN_IMAGE },
            { type: 'qr.copyRequested', imageDataUrl: null },
          ],
    'xstate.done.actor.fetchShareStatus': (snapshot) => (readFails(snapshot) ? [] : [{ type: 'xstate.done.actor.fetchShareStatus', output: true }]),
    'xstate.error.actor.fetchShareStatus': (snapshot) => (readFails(snapshot) ? [{ type: 'xstate.error.actor.fetchShareStatus', error: OFFLINE }] : []),
    'xstate.done.actor.saveShareStatus': (snapshot) => (saveFails(snapshot) ? [] : [{ type: 'xstate.done.actor.saveShareStatus' }]),
    'xstate.error.actor.saveShareStatus': (snapshot) => (saveFails(snapshot) ? [{ type: 'xstate.error.actor.saveShareStatus', error: REFUSED }] : []),
    'xstate.done.actor.copyImage': (snapshot) => (copyFails(snapshot) ? [] : [{ type: 'xstate.done.actor.copyImage' }]),
    'xstate.error.actor.copyImage': (snapshot) => (copyFails(snapshot) ? [{ type: 'xstate.error.actor.copyImage', error: new Error('clipboard refused') }] : []),
  },
  serializeContext: (context: MyQrCodeContext) => ({
    userId: context.userId,
    share: context.shareEnabled,
    copying: context.copyImageUrl,
    error: context.errorMessage ?? context.errorKey ?? null,
  }),
};
