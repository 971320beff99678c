import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import type { AuthCallResult } from '../../machines/session/auth-form';
import type { SocialStart } from '../../api/session/social-sign-in';
import { recordingVerificationCode } from '../../machines/session/auth.doubles';
import type { SignInRequest } from '../../machines/session/login.machine';
import { loginMachine } from '../../machines/session/login.machine';
import { LoginPage } from './login.route';
import { renderAuthPage, typeInto as type } from './auth-page.harness';

function doubles(answer: AuthCallResult = { ok: true, token: 'tok-1' }) {
  const signIns: SignInRequest[] = [];
  const { verificationCode, codeSends } = recordingVerificationCode();
  const machine = loginMachine.provide({
    actors: {
      signIn: fromPromise<AuthCallResult, SignInRequest>(async ({ input }) => {
        signIns.push(input);
        return answer;
      }),
      startSocial: fromPromise<AuthCallResult, SocialStart>(async () => ({
        ok: false,
        message: 'Google sign-in is not configured on this server',
      })),
      verificationCode,
    },
  });
  return { machine, signIns, codeSends };
}

describe('/login page', () => {
  it('has the agreed test ids', async () => {
    const { machine } = doubles();
    await renderAuthPage(<LoginPage machine={machine} />, '/login', '/login');
    for (const id of ['login-tab-password', 'login-tab-code', 'login-username', 'login-password', 'login-submit', 'visitor-login']) {
      expect(screen.getByTestId(id)).toBeTruthy();
    }
  });

  it('shows the validation messages and calls nobody', async () => {
    const { machine, signIns } = doubles();
    await renderAuthPage(<LoginPage machine={machine} />, '/login', '/login');
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('Please enter your e-mail or phone number')).toBeTruthy();
    expect(screen.getByText('Please enter the password')).toBeTruthy();
    expect(signIns).toEqual([]);
  });

  it('signs in, hands the token to the session and follows a same-origin redirect', async () => {
    const { machine, signIns } = doubles();
    const { sessionSend } = await renderAuthPage(<LoginPage machine={machine} />, '/login', '/login?redirect=%2FrecordList');
    type('login-username', 'Ann@Example.com');
    type('login-password', 'secret123');
    fireEvent.click(screen.getByTestId('login-submit'));
    expect((await screen.findByTestId('landed')).textContent).toBe('/recordList');
    expect(signIns).toEqual([{ method: 'password', username: 'ann@example.com', password: 'secret123' }]);
    expect(sessionSend).toHaveBeenCalledWith({ type: 'session.signedIn', token: 'tok-1' });
  });

  it('ignores a redirect to another origin', async () => {
    const { machine } = doubles();
    await renderAuthPage(<LoginPage machine={machine} />, '/login', '/login?redirect=https%3A%2F%2Fevil.example%2F');
    type('login-username', 'ann@example.com');
    type('login-password', 'secret123');
    fireEvent.click(screen.getByTestId('login-submit'));
    expect((await screen.findByTestId('landed')).textContent).toBe('/');
  });

  it("shows the server's message when sign-in is refused", async () => {
    const { machine } = doubles({ ok: false, message: 'Wrong e-mail or password' });
    const { sessionSend } = await renderAuthPage(<LoginPage machine={machine} />, '/login', '/login');
    type('login-username', 'ann@example.com');
    type('login-password', 'wrong1234');
    fireEvent.click(screen.getByTestId('login-submit'));
    expect((await screen.findByTestId('login-error')).textContent).toContain('Wrong e-mail or password');
    expect(sessionSend).not.toHaveBeenCalled();
  });

  it('code tab: phone with flagged area codes, phone required, then the resend countdown', async () => {
    const { machine, codeSends } = doubles();
    await renderAuthPage(<LoginPage machine={machine} />, '/login', '/login');
    fireEvent.click(screen.getByTestId('login-tab-code'));
    fireEvent.click(await screen.findByTestId('login-channel-phone'));
    const picker = (await screen.findByTestId('login-area-code')) as HTMLSelectElement;
    expect(picker.options).toHaveLength(17);
    expect([...picker.options].map((option) => option.textContent)).toContain('🇨🇳 +86 China');
    fireEvent.click(screen.getByTestId('login-send-code'));
    expect(await screen.findByText('Please enter the phone number')).toBeTruthy();
    fireEvent.change(picker, { target: { value: '44' } });
    type('login-phone', '7400 123456');
    fireEvent.click(screen.getByTestId('login-send-code'));
    await waitFor(() => expect(screen.getByTestId('login-send-code').textContent).toBe('Resend in 60 s'));
    expect(codeSends).toEqual([{ username: '+447400123456', scene: 'login' }]);
  });

  it('visitor login hands the visitor token to the session', async () => {
    const { machine, signIns } = doubles({ ok: true, token: 'visitor-tok' });
    const { sessionSend } = await renderAuthPage(<LoginPage machine={machine} />, '/login', '/login');
    fireEvent.click(screen.getByTestId('visitor-login'));
    await waitFor(() => expect(sessionSend).toHaveBeenCalledWith({ type: 'session.signedIn', token: 'visitor-tok' }));
    expect(signIns).toEqual([{ method: 'visitor' }]);
  });

  it("shows the server's honest answer for an unconfigured social provider", async () => {
    const { machine } = doubles();
    await renderAuthPage(<LoginPage machine={machine} />, '/login', '/login');
    fireEvent.click(screen.getByTestId('social-google'));
    expect((await screen.findByTestId('login-error')).textContent).toContain('Google sign-in is not configured on this server');
  });
});
