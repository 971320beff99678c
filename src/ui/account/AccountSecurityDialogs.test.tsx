import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../test-render';
import { ChangePasswordDialog, type ChangePasswordDialogProps } from './AccountSecurityDialogs';

function props(overrides: Partial<ChangePasswordDialogProps> = {}): ChangePasswordDialogProps {
  return {
    open: true,
    oldPassword: 'secret123',
    newPassword: 'fresh4567',
    confirmPassword: 'fresh4568',
    saving: false,
    problem: 'profile:passwordsDiffer',
    error: null,
    onChange: vi.fn(),
    onSubmit: vi.fn(),
    onClose: vi.fn(),
    ...overrides,
  };
}

describe('ChangePasswordDialog', () => {
  it('keeps Save pressable when the new passwords differ and says why, tied to the button (issue 29)', async () => {
    const p = props();
    await renderUi(<ChangePasswordDialog {...p} />);
    const save = (await screen.findByTestId('password-submit')) as HTMLButtonElement;
    expect(save.disabled).toBe(false);
    const reason = screen.getByTestId('password-error');
    expect(reason.textContent).toBe('The two passwords do not match');
    expect(reason.getAttribute('role')).toBe('alert');
    expect(save.getAttribute('aria-describedby')).toBe(reason.id);
    await act(async () => fireEvent.click(save));
    expect(p.onSubmit).toHaveBeenCalledOnce();
  });

  it('shows no reason while there is none to show', async () => {
    await renderUi(<ChangePasswordDialog {...props({ problem: null, confirmPassword: 'fresh4567' })} />);
    const save = (await screen.findByTestId('password-submit')) as HTMLButtonElement;
    expect(screen.queryByTestId('password-error')).toBeNull();
    expect(save.getAttribute('aria-describedby')).toBeNull();
  });
});
