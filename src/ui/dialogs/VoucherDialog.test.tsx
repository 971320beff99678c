import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../test-render';
import { VoucherDialog } from './VoucherDialog';

describe('VoucherDialog', () => {
  it('disables exchange while the input is empty or blank and sends the trimmed code', async () => {
    const onExchange = vi.fn();
    await renderUi(<VoucherDialog open busy={false} onClose={vi.fn()} onExchange={onExchange} />);
    const input = await screen.findByTestId('voucher-input');
    const exchange = screen.getByTestId('voucher-exchange') as HTMLButtonElement;
    expect(exchange.disabled).toBe(true);
    await act(async () => fireEvent.change(input, { target: { value: '   ' } }));
    expect(exchange.disabled).toBe(true);
    await act(async () => fireEvent.change(input, { target: { value: '  CARD-123 ' } }));
    expect(exchange.disabled).toBe(false);
    await act(async () => fireEvent.click(exchange));
    expect(onExchange).toHaveBeenCalledWith('CARD-123');
  });
});
