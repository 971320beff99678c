import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../test-render';
import { AccountDataSection, type AccountDataSectionProps } from './AccountDataSection';
import { UsageTodayView } from './UsageTodayView';

function props(overrides: Partial<AccountDataSectionProps> = {}): AccountDataSectionProps {
  return {
    exporting: false,
    confirmOpen: false,
    proofKind: 'password',
    address: 'ann@example.com',
    password: '',
    code: '',
    codeSent: false,
    sendingCode: false,
    deleting: false,
    mayConfirm: false,
    error: null,
    onExport: vi.fn(),
    onDeleteOpen: vi.fn(),
    onPasswordChange: vi.fn(),
    onCodeChange: vi.fn(),
    onSendCode: vi.fn(),
    onConfirm: vi.fn(),
    onCancel: vi.fn(),
    ...overrides,
  };
}

describe('AccountDataSection', { timeout: 20_000 }, () => {
  it('offers export and delete, and asks for the password before deleting', async () => {
    const p = props({ confirmOpen: true, password: 'secret123', mayConfirm: true, error: { message: 'The password is wrong' } });
    await renderUi(<AccountDataSection {...p} />);
    fireEvent.click(screen.getByTestId('export-data'));
    expect(p.onExport).toHaveBeenCalledOnce();
    expect((await screen.findByTestId('delete-account-dialog')).textContent).toContain('This cannot be undone');
    fireEvent.change(screen.getByTestId('delete-password'), { target: { value: 'x' } });
    expect(p.onPasswordChange).toHaveBeenCalledWith('x');
    expect((screen.getByTestId('delete-error')).textContent).toContain('The password is wrong');
    fireEvent.click(screen.getByTestId('delete-confirm'));
    expect(p.onConfirm).toHaveBeenCalledOnce();
  });

  it('asks an account without a password for a code sent to its address; one with neither is told to add an address', async () => {
    const p = props({ confirmOpen: true, proofKind: 'code', address: 'bob@example.com' });
    const { unmount } = await renderUi(<AccountDataSection {...p} />);
    expect((await screen.findByTestId('delete-account-dialog')).textContent).toContain('bob@example.com');
    expect((screen.getByTestId('delete-confirm') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('delete-send-code'));
    expect(p.onSendCode).toHaveBeenCalledOnce();
    unmount();
    await renderUi(<AccountDataSection {...props({ confirmOpen: true, proofKind: 'none', address: null })} />);
    expect((await screen.findByTestId('delete-no-proof')).textContent).toContain('Bind an e-mail address or phone number');
  });
});

describe('UsageTodayView', () => {
  it("shows used and left against the cap and the zone whose midnight resets the caps", async () => {
    await renderUi(
      <UsageTodayView
        usage={{
          timeZone: 'Asia/Taipei',
          live: { usedSeconds: 5400, capSeconds: 10800, leftSeconds: 5400 },
          upload: { usedSeconds: 0, capSeconds: 0, leftSeconds: 0 },
        }}
        loading={false}
        failed={false}
      />,
    );
    expect((screen.getByTestId('usage-today-live')).textContent).toContain('1 h 30 min of 3 h 0 min used, 1 h 30 min left');
    expect((screen.getByTestId('usage-today-upload')).textContent).toContain('No daily hours in your plan');
    expect((screen.getByTestId('usage-today-zone')).textContent).toContain('Asia/Taipei');
  });
});
