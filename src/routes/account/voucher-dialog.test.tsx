import { act, fireEvent, screen } from '@testing-library/react';
import { useActorRef, useSelector } from '@xstate/react';
import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { VoucherExchanged } from '../../machines/account/voucher.machine';
import { selectCanExchange, selectVoucherBusy, selectVoucherCode, selectVoucherError, voucherMachine } from '../../machines/account/voucher.machine';
import { ChakraProvider } from '@chakra-ui/react';
import type { ReactElement } from 'react';
import { renderUi } from '../../ui/test-render';
import { system } from '../../ui/theme-more-recipes';
import { VoucherDialog, type VoucherDialogProps } from '../../ui/account/VoucherDialog';

const inChakra = (element: ReactElement) => <ChakraProvider value={system}>{element}</ChakraProvider>;

const baseProps: VoucherDialogProps = {
  open: true,
  code: '',
  canExchange: false,
  busy: false,
  error: null,
  onCodeChange: () => undefined,
  onExchange: () => undefined,
  onClose: () => undefined,
};

/** The dialog bound to a real voucher machine, as the header binds it. */
function BoundVoucherDialog({ exchange }: { exchange(code: string): Promise<VoucherExchanged> }) {
  const actor = useActorRef(
    voucherMachine.provide({ actors: { exchangeVoucher: fromPromise<VoucherExchanged, { code: string }>(({ input }) => exchange(input.code)) } }),
  );
  const code = useSelector(actor, selectVoucherCode);
  const canExchange = useSelector(actor, selectCanExchange);
  const busy = useSelector(actor, selectVoucherBusy);
  const error = useSelector(actor, selectVoucherError);
  const open = useSelector(actor, (s) => !s.matches('idle') && !s.matches('exchanged'));
  return (
    <>
      <button type="button" data-testid="open" onClick={() => actor.send({ type: 'voucher.open' })} />
      <span data-testid="state">{String(useSelector(actor, (s) => s.value))}</span>
      <VoucherDialog
        open={open}
        code={code}
        canExchange={canExchange}
        busy={busy}
        error={error}
        onCodeChange={(next) => actor.send({ type: 'voucher.codeChanged', code: next })}
        onExchange={() => actor.send({ type: 'voucher.submitted' })}
        onClose={() => actor.send({ type: 'voucher.close' })}
      />
    </>
  );
}

describe('VoucherDialog', () => {
  it('renders its props and reports typing and the exchange as events', async () => {
    const onCodeChange = vi.fn();
    const onExchange = vi.fn();
    const view = await renderUi(<VoucherDialog {...baseProps} onCodeChange={onCodeChange} onExchange={onExchange} />);
    const input = (await screen.findByTestId('voucher-input')) as HTMLInputElement;
    const exchange = screen.getByTestId('voucher-exchange') as HTMLButtonElement;
    expect(exchange.disabled).toBe(true);
    await act(async () => fireEvent.change(input, { target: { value: ' CARD' } }));
    expect(onCodeChange).toHaveBeenCalledWith(' CARD');
    // Enter in the input does nothing while the exchange is not allowed.
    await act(async () => fireEvent.submit(input.form!));
    expect(onExchange).not.toHaveBeenCalled();

    view.rerender(inChakra(<VoucherDialog {...baseProps} code=" CARD" canExchange onCodeChange={onCodeChange} onExchange={onExchange} />));
    expect(input.value).toBe(' CARD');
    expect(exchange.disabled).toBe(false);
    await act(async () => fireEvent.click(exchange));
    expect(onExchange).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Exchange a voucher')).toBeTruthy();
  });

  it('shows a server message or a translated key as the error', async () => {
    const view = await renderUi(<VoucherDialog {...baseProps} code="USED" error={{ message: 'This code has already been used' }} />);
    expect((await screen.findByTestId('voucher-error')).textContent).toBe('This code has already been used');
    view.rerender(inChakra(<VoucherDialog {...baseProps} code="X" error={{ messageKey: 'exchangeFailed' }} />));
    expect(screen.getByTestId('voucher-error').textContent).toBe('The voucher could not be exchanged');
  });

  it('with the voucher machine: blank input keeps the button off, the trimmed code is sent once, a refusal stays open', async () => {
    const sent: string[] = [];
    const exchange = vi.fn(async (code: string) => {
      sent.push(code);
      if (code === 'USED') throw { kind: 'business', code: 409, message: 'This code has already been used' };
      return { msg: 'Exchange successful' };
    });
    await renderUi(<BoundVoucherDialog exchange={exchange} />);
    await act(async () => fireEvent.click(screen.getByTestId('open')));
    const input = (await screen.findByTestId('voucher-input')) as HTMLInputElement;
    const button = () => screen.getByTestId('voucher-exchange') as HTMLButtonElement;
    await act(async () => fireEvent.change(input, { target: { value: '    ' } }));
    expect(button().disabled).toBe(true);

    await act(async () => fireEvent.change(input, { target: { value: '  USED ' } }));
    expect(button().disabled).toBe(false);
    await act(async () => fireEvent.click(button()));
    expect((await screen.findByTestId('voucher-error')).textContent).toBe('This code has already been used');
    expect(screen.getByTestId('state').textContent).toBe('failed');

    await act(async () => fireEvent.change(input, { target: { value: ' CARD-7 ' } }));
    expect(screen.queryByTestId('voucher-error')).toBeNull();
    await act(async () => fireEvent.click(button()));
    await vi.waitFor(() => expect(screen.getByTestId('state').textContent).toBe('exchanged'));
    expect(sent).toEqual(['USED', 'CARD-7']);
  });
});
