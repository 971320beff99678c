import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import type { AuthCallResult, NewPasswordRequest } from '../../machines/session/auth-form';
import { recordingVerificationCode } from '../../machines/session/auth.doubles';
import { registerMachine } from '../../machines/session/register.machine';
import { renderAuthPage, typeInto as type } from './auth-page.harness';
import { RegisterPage } from './register.route';

function doubles(answer: AuthCallResult = { ok: true, token: 'new-tok' }) {
  const registrations: NewPasswordRequest[] = [];
  const { verificationCode, codeSends } = recordingVerificationCode();
  const machine = registerMachine.provide({
    actors: {
      register: fromPromise<AuthCallResult, NewPasswordRequest>(async ({ input }) => {
        registrations.push(input);
        return answer;
      }),
      verificationCode,
    },
  });
  return { machine, registrations, codeSends };
}

describe('/register page', () => {
  it('has the agreed test ids, with the e-mail tab first', async () => {
    const { machine } = doubles();
    await renderAuthPage(<RegisterPage machine={machine} />, '/register', '/register');
    for (const id of ['register-username', 'register-send-code', 'register-code', 'register-password', 'register-password-confirm', 'register-submit']) {
      expect(screen.getByTestId(id)).toBeTruthy();
    }
    expect(screen.getByTestId('register-username').getAttribute('type')).toBe('email');
  });

  it('shows e-mail, code, password-rule and mismatch messages', async () => {
    const { machine, registrations } = doubles();
    await renderAuthPage(<RegisterPage machine={machine} />, '/register', '/register');
    type('register-username', 'ann@example');
    type('register-password', 'password');
    type('register-password-confirm', 'password1');
    fireEvent.click(screen.getByTestId('register-submit'));
    expect(await screen.findByText('Please enter a correct e-mail address')).toBeTruthy();
    expect(screen.getByText('Please enter the verification code')).toBeTruthy();
    expect(screen.getByText('The password must be 8 to 24 characters with letters and digits')).toBeTruthy();
    expect(screen.getByText('The two passwords do not match')).toBeTruthy();
    expect(registrations).toEqual([]);
  });

  it('sends a register code and counts down', async () => {
    const { machine, codeSends } = doubles();
    await renderAuthPage(<RegisterPage machine={machine} />, '/register', '/register');
    expect(screen.getByTestId('register-send-code').textContent).toBe('Send code');
    type('register-username', 'new@example.com');
    fireEvent.click(screen.getByTestId('register-send-code'));
    await waitFor(() => expect(screen.getByTestId('register-send-code').textContent).toBe('Resend in 60 s'));
    expect((screen.getByTestId('register-send-code') as HTMLButtonElement).disabled).toBe(true);
    expect(codeSends).toEqual([{ username: 'new@example.com', scene: 'register' }]);
  });

  it('registers, signs the new user in and goes home', async () => {
    const { machine, registrations } = doubles();
    const { sessionSend } = await renderAuthPage(<RegisterPage machine={machine} />, '/register', '/register');
    type('register-username', 'new@example.com');
    type('register-code', '123456');
    type('register-password', 'abc12345');
    type('register-password-confirm', 'abc12345');
    fireEvent.click(screen.getByTestId('register-submit'));
    expect((await screen.findByTestId('landed')).textContent).toBe('/');
    expect(registrations).toEqual([{ username: 'new@example.com', code: '123456', password: 'abc12345' }]);
    expect(sessionSend).toHaveBeenCalledWith({ type: 'session.signedIn', token: 'new-tok' });
  });

  it("shows the server's refusal", async () => {
    const { machine } = doubles({ ok: false, message: 'The verification code is wrong or has expired' });
    await renderAuthPage(<RegisterPage machine={machine} />, '/register', '/register');
    type('register-username', 'new@example.com');
    type('register-code', '000000');
    type('register-password', 'abc12345');
    type('register-password-confirm', 'abc12345');
    fireEvent.click(screen.getByTestId('register-submit'));
    expect((await screen.findByTestId('register-error')).textContent).toContain('The verification code is wrong or has expired');
  });
});
