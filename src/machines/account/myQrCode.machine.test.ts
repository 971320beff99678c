// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  QR_COPIED_KEY,
  QR_COPY_FAILED_KEY,
  myQrCodeMachine,
  selectQrCopying,
  selectQrLoadFailed,
  selectQrOpen,
  selectShareEnabled,
  selectShareSwitchBusy,
} from './myQrCode.machine';
import type { Notice } from '../notice';

interface Doubles {
  fetch?: (userId: string) => Promise<boolean>;
  save?: (input: { userId: string; enabled: boolean }) => Promise<void>;
  copy?: (imageDataUrl: string) => Promise<void>;
}

function start(doubles: Doubles = {}) {
  const fetches: string[] = [];
  const saves: Array<{ userId: string; enabled: boolean }> = [];
  const copies: string[] = [];
  const notices: Notice[] = [];
  const actor = createActor(
    myQrCodeMachine.provide({
      actors: {
        fetchShareStatus: fromPromise<boolean, { userId: string }>(({ input }) => {
          fetches.push(input.userId);
          return (doubles.fetch ?? (async () => false))(input.userId);
        }),
        saveShareStatus: fromPromise<void, { userId: string; enabled: boolean }>(({ input }) => {
          saves.push(input);
          return (doubles.save ?? (async () => undefined))(input);
        }),
        copyImage: fromPromise<void, { imageDataUrl: string }>(({ input }) => {
          copies.push(input.imageDataUrl);
          return (doubles.copy ?? (async () => undefined))(input.imageDataUrl);
        }),
      },
    }),
  );
  actor.on('notice', (notice) => notices.push(notice));
  actor.start();
  return { actor, fetches, saves, copies, notices };
}

const IMAGE = 'data:image/png;base64,iVBORw0KGgo=';

describe('my QR code machine', () => {
  it('loads shareStatus of the user when opened', async () => {
    const { actor, fetches } = start({ fetch: async () => true });
    expect(selectQrOpen(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'qr.open', userId: 'u1' });
    expect(selectShareSwitchBusy(actor.getSnapshot())).toBe(true);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(fetches).toEqual(['u1']);
    expect(selectShareEnabled(actor.getSnapshot())).toBe(true);
    expect(selectShareSwitchBusy(actor.getSnapshot())).toBe(false);
  });

  it('saves a toggle at once and keeps it when the server accepts', async () => {
    const { actor, saves } = start();
    actor.send({ type: 'qr.open', userId: 'u1' });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'qr.shareToggled', enabled: true });
    expect(selectShareEnabled(actor.getSnapshot())).toBe(true);
    expect(selectShareSwitchBusy(actor.getSnapshot())).toBe(true);
    await waitFor(actor, (s) => s.matches({ ready: { share: 'idle' } }));
    expect(saves).toEqual([{ userId: 'u1', enabled: true }]);
    expect(selectShareEnabled(actor.getSnapshot())).toBe(true);
    // The same value again changes nothing and calls nothing.
    actor.send({ type: 'qr.shareToggled', enabled: true });
    expect(saves).toHaveLength(1);
  });

  it('rolls the switch back when the save fails', async () => {
    const { actor, saves } = start({ fetch: async () => true, save: () => Promise.reject({ kind: 'business', code: 500, message: 'Refused' }) });
    actor.send({ type: 'qr.open', userId: 'u1' });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'qr.shareToggled', enabled: false });
    expect(selectShareEnabled(actor.getSnapshot())).toBe(false);
    await waitFor(actor, (s) => s.matches({ ready: { share: 'idle' } }));
    expect(saves).toEqual([{ userId: 'u1', enabled: false }]);
    expect(selectShareEnabled(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().context.errorMessage).toBe('Refused');
  });

  it('offers a retry when the status cannot be read', async () => {
    let fail = true;
    const { actor, fetches } = start({ fetch: async () => (fail ? Promise.reject({ kind: 'transport', messageKey: 'api:networkError' }) : true) });
    actor.send({ type: 'qr.open', userId: 'u1' });
    await waitFor(actor, (s) => s.matches('loadFailed'));
    expect(selectQrLoadFailed(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().context.errorKey).toBe('api:networkError');
    fail = false;
    actor.send({ type: 'qr.retry' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(fetches).toEqual(['u1', 'u1']);
    expect(selectShareEnabled(actor.getSnapshot())).toBe(true);
  });

  it("reports 'Successful replication' or 'Replication failure' for the copy", async () => {
    let copyFails = false;
    const { actor, copies, notices } = start({ copy: async () => (copyFails ? Promise.reject(new Error('denied')) : undefined) });
    actor.send({ type: 'qr.open', userId: 'u1' });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'qr.copyRequested', imageDataUrl: IMAGE });
    expect(selectQrCopying(actor.getSnapshot())).toBe(true);
    await waitFor(actor, (s) => s.matches({ ready: { copy: 'idle' } }));
    copyFails = true;
    actor.send({ type: 'qr.copyRequested', imageDataUrl: IMAGE });
    await waitFor(actor, (s) => s.matches({ ready: { copy: 'idle' } }));
    // No image drawn yet: nothing to copy, a failure without a clipboard call.
    actor.send({ type: 'qr.copyRequested', imageDataUrl: null });
    expect(copies).toEqual([IMAGE, IMAGE]);
    expect(notices.map((n) => [n.level, n.messageKey])).toEqual([
      ['success', QR_COPIED_KEY],
      ['error', QR_COPY_FAILED_KEY],
      ['error', QR_COPY_FAILED_KEY],
    ]);
  });

  it('copies while a save is in flight, and reopening for another user reloads', async () => {
    let finishSave: () => void = () => undefined;
    const { actor, fetches, notices } = start({ save: () => new Promise((r) => (finishSave = r)) });
    actor.send({ type: 'qr.open', userId: 'u1' });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'qr.shareToggled', enabled: true });
    actor.send({ type: 'qr.copyRequested', imageDataUrl: IMAGE });
    await waitFor(actor, (s) => s.matches({ ready: { copy: 'idle' } }));
    expect(actor.getSnapshot().matches({ ready: { share: 'saving' } })).toBe(true);
    expect(notices).toHaveLength(1);
    finishSave();
    actor.send({ type: 'qr.close' });
    expect(selectQrOpen(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'qr.open', userId: 'u2' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(fetches).toEqual(['u1', 'u2']);
    expect(selectShareEnabled(actor.getSnapshot())).toBe(false);
  });
});
