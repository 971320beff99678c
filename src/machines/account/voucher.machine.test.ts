// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Notice } from '../notice';
import type { VoucherExchanged } from './voucher.machine';
import {
  VOUCHER_EXCHANGED_KEY,
  selectCanExchange,
  selectVoucherBusy,
  selectVoucherCode,
  selectVoucherError,
  selectVoucherOpen,
  voucherMachine,
} from './voucher.machine';

function start(exchange: (code: string) => Promise<VoucherExchanged>) {
  const codes: string[] = [];
  const notices: Notice[] = [];
  const actor = createActor(
    voucherMachine.provide({
      actors: {
        exchangeVoucher: fromPromise<VoucherExchanged, { code: string }>(({ input }) => {
          codes.push(input.code);
          return exchange(input.code);
        }),
      },
    }),
  );
  actor.on('notice', (notice) => notices.push(notice));
  actor.start();
  return { actor, codes, notices };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('voucher machine', () => {
  it('opens empty, refuses a blank code and sends the trimmed one', async () => {
    const { actor, codes, notices } = start(async () => ({ msg: 'Exchange successful: VIP member valid until 2026-12-22' }));
    expect(selectVoucherOpen(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'voucher.open' });
    expect(selectVoucherOpen(actor.getSnapshot())).toBe(true);
    expect(selectCanExchange(actor.getSnapshot())).toBe(false);

    actor.send({ type: 'voucher.codeChanged', code: '   ' });
    expect(selectCanExchange(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'voucher.submitted' });
    expect(actor.getSnapshot().value).toBe('editing');

    actor.send({ type: 'voucher.codeChanged', code: '  CARD-1 ' });
    expect(selectCanExchange(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'voucher.submitted' });
    expect(selectVoucherBusy(actor.getSnapshot())).toBe(true);
    expect(selectCanExchange(actor.getSnapshot())).toBe(false);
    await waitFor(actor, (s) => s.matches('exchanged'));
    expect(codes).toEqual(['CARD-1']);
    expect(notices).toEqual([{ type: 'notice', level: 'success', message: 'Exchange successful: VIP member valid until 2026-12-22' }]);
    expect(selectVoucherOpen(actor.getSnapshot())).toBe(false);

    actor.send({ type: 'voucher.open' });
    expect(selectVoucherCode(actor.getSnapshot())).toBe('');
  });

  it('falls back to its own success key when the server sends no message', async () => {
    const { actor, notices } = start(async () => ({ msg: '' }));
    actor.send({ type: 'voucher.open' });
    actor.send({ type: 'voucher.codeChanged', code: 'X' });
    actor.send({ type: 'voucher.submitted' });
    await waitFor(actor, (s) => s.matches('exchanged'));
    expect(notices).toEqual([{ type: 'notice', level: 'success', messageKey: VOUCHER_EXCHANGED_KEY }]);
  });

  it('shows the server message as an error, keeps the code, and lets the user correct it', async () => {
    let answer: Promise<VoucherExchanged> = Promise.reject({ kind: 'business', code: 409, message: 'This code has already been used' });
    answer.catch(() => undefined);
    const { actor, codes, notices } = start(() => answer);
    actor.send({ type: 'voucher.open' });
    actor.send({ type: 'voucher.codeChanged', code: 'USED' });
    actor.send({ type: 'voucher.submitted' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(notices).toEqual([{ type: 'notice', level: 'error', message: 'This code has already been used' }]);
    expect(selectVoucherError(actor.getSnapshot())).toEqual({ message: 'This code has already been used' });
    expect(selectVoucherOpen(actor.getSnapshot())).toBe(true);
    expect(selectVoucherCode(actor.getSnapshot())).toBe('USED');

    actor.send({ type: 'voucher.codeChanged', code: 'FRESH' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(selectVoucherError(actor.getSnapshot())).toBeNull();
    answer = Promise.resolve({ msg: 'ok' });
    actor.send({ type: 'voucher.submitted' });
    await waitFor(actor, (s) => s.matches('exchanged'));
    expect(codes).toEqual(['USED', 'FRESH']);
  });

  it('reports a transport failure by its message key', async () => {
    const { actor, notices } = start(() => Promise.reject({ kind: 'timeout', messageKey: 'api:timeout' }));
    actor.send({ type: 'voucher.open' });
    actor.send({ type: 'voucher.codeChanged', code: 'X' });
    actor.send({ type: 'voucher.submitted' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(notices).toEqual([{ type: 'notice', level: 'error', messageKey: 'api:timeout' }]);
    // Retrying the same code from the failed state works without editing it.
    actor.send({ type: 'voucher.submitted' });
    expect(actor.getSnapshot().value).toBe('exchanging');
  });

  it('stays quiet for a cancelled call or an expired session', async () => {
    for (const kind of ['cancelled', 'unauthorized'] as const) {
      const { actor, notices } = start(() => Promise.reject({ kind }));
      actor.send({ type: 'voucher.open' });
      actor.send({ type: 'voucher.codeChanged', code: 'X' });
      actor.send({ type: 'voucher.submitted' });
      await waitFor(actor, (s) => s.matches('editing'));
      expect(notices).toEqual([]);
    }
  });

  it('closing during the exchange abandons its answer', async () => {
    let resolve: (value: VoucherExchanged) => void = () => undefined;
    const { actor, notices } = start(() => new Promise((r) => (resolve = r)));
    actor.send({ type: 'voucher.open' });
    actor.send({ type: 'voucher.codeChanged', code: 'X' });
    actor.send({ type: 'voucher.submitted' });
    actor.send({ type: 'voucher.close' });
    resolve({ msg: 'late' });
    await settle();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(notices).toEqual([]);
  });
});
