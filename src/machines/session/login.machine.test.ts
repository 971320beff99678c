// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { AuthCallResult } from './auth-form';
import type { SocialStart } from '../../api/session/social-sign-in';
import { recordingVerificationCode } from './auth.doubles';
import type { SignInRequest } from './login.machine';
import { loginMachine } from './login.machine';

function setUp(options: { signIn?: AuthCallResult; social?: AuthCallResult; signInThrows?: boolean } = {}) {
  const signInCalls: SignInRequest[] = [];
  const { verificationCode, codeSends } = recordingVerificationCode();
  const socialCalls: SocialStart[] = [];
  const logVisitorFailure = vi.fn();
  const machine = loginMachine.provide({
    actors: {
      signIn: fromPromise<AuthCallResult, SignInRequest>(async ({ input }) => {
        signInCalls.push(input);
        if (options.signInThrows) throw new Error('boom');
        return options.signIn ?? { ok: true, token: 'token-1' };
      }),
      startSocial: fromPromise<AuthCallResult, SocialStart>(async ({ input }) => {
        socialCalls.push(input);
        return options.social ?? { ok: false, message: 'Google sign-in is not configured on this server' };
      }),
      verificationCode,
    },
    actions: { logVisitorFailure },
  });
  const actor = createActor(machine, { input: { areaCode: '86' } }).start();
  const type = (field: 'username' | 'password' | 'email' | 'areaCode' | 'phone' | 'code', value: string) =>
    actor.send({ type: 'field.changed', field, value });
  return { actor, type, signInCalls, codeSends, socialCalls, logVisitorFailure };
}

describe('login machine, password mode', () => {
  it('starts in password mode with the area code from the input', () => {
    const { actor } = setUp();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context).toMatchObject({ mode: 'password', channel: 'email', areaCode: '86' });
  });

  it('asks for the username and the password before calling the server', () => {
    const { actor, signInCalls } = setUp();
    actor.send({ type: 'login.submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      username: 'auth:validation.usernameRequired',
      password: 'auth:validation.passwordRequired',
    });
    expect(signInCalls).toEqual([]);
  });

  it('refuses a username that is neither an e-mail nor a phone number, and clears the error on typing', () => {
    const { actor, type } = setUp();
    type('username', 'not-an-address');
    type('password', 'secret123');
    actor.send({ type: 'login.submit' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ username: 'auth:validation.usernameInvalid' });
    type('username', 'a@b.co');
    expect(actor.getSnapshot().context.fieldErrors).toEqual({});
  });

  it('signs in with the normalised e-mail and keeps the token', async () => {
    const { actor, type, signInCalls } = setUp();
    type('username', '  Ann@Example.COM ');
    type('password', 'secret123');
    actor.send({ type: 'login.submit' });
    expect(actor.getSnapshot().value).toBe('submitting');
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().value).toBe('signedIn');
    expect(actor.getSnapshot().context.token).toBe('token-1');
    expect(signInCalls).toEqual([{ method: 'password', username: 'ann@example.com', password: 'secret123' }]);
  });

  it('accepts a phone number in international form', async () => {
    const { actor, type, signInCalls } = setUp();
    type('username', '+86 138 0013 8000');
    type('password', 'secret123');
    actor.send({ type: 'login.submit' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(signInCalls[0]).toEqual({ method: 'password', username: '+8613800138000', password: 'secret123' });
  });

  it("shows the server's message on failure and goes back to editing when the user types", async () => {
    const { actor, type } = setUp({ signIn: { ok: false, message: 'Wrong e-mail or password' } });
    type('username', 'ann@example.com');
    type('password', 'wrong1234');
    actor.send({ type: 'login.submit' });
    await waitFor(actor, (s) => s.matches('error'));
    expect(actor.getSnapshot().context.errorMessage).toBe('Wrong e-mail or password');
    type('password', 'right1234');
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.errorMessage).toBeUndefined();
  });

  it('keeps a transport error as a key with its parameters', async () => {
    const { actor, type } = setUp({ signIn: { ok: false, messageKey: 'api:requestFailed', messageParams: { status: 502 } } });
    type('username', 'ann@example.com');
    type('password', 'secret123');
    actor.send({ type: 'login.submit' });
    await waitFor(actor, (s) => s.matches('error'));
    expect(actor.getSnapshot().context).toMatchObject({ errorKey: 'api:requestFailed', errorParams: { status: 502 } });
  });

  it('turns a crashed call into the unexpected-error key', async () => {
    const { actor, type } = setUp({ signInThrows: true });
    type('username', 'ann@example.com');
    type('password', 'secret123');
    actor.send({ type: 'login.submit' });
    await waitFor(actor, (s) => s.matches('error'));
    expect(actor.getSnapshot().context.errorKey).toBe('auth:errors.unexpected');
  });
});

describe('login machine, code mode', () => {
  it('switching mode clears the errors', () => {
    const { actor } = setUp();
    actor.send({ type: 'login.submit' });
    actor.send({ type: 'login.modeChanged', mode: 'code' });
    expect(actor.getSnapshot().context).toMatchObject({ mode: 'code', fieldErrors: {} });
  });

  it('checks the e-mail before asking for a code', () => {
    const { actor, type, codeSends } = setUp();
    actor.send({ type: 'login.modeChanged', mode: 'code' });
    actor.send({ type: 'code.request' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ email: 'auth:validation.emailRequired' });
    type('email', 'ann@');
    actor.send({ type: 'code.request' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ email: 'auth:validation.emailInvalid' });
    expect(codeSends).toEqual([]);
    expect(actor.getSnapshot().children.verificationCode?.getSnapshot().value).toBe('idle');
  });

  it('sends the login code through the verificationCode child and counts down', async () => {
    const { actor, type, codeSends } = setUp();
    actor.send({ type: 'login.modeChanged', mode: 'code' });
    type('email', 'Ann@Example.com');
    actor.send({ type: 'code.request' });
    const child = actor.getSnapshot().children.verificationCode!;
    await waitFor(child, (s) => s.matches('countingDown'));
    expect(codeSends).toEqual([{ username: 'ann@example.com', scene: 'login' }]);
    expect(child.getSnapshot().context.secondsLeft).toBe(60);
  });

  it('builds the phone username from the area code and asks for the phone first', async () => {
    const { actor, type, codeSends } = setUp();
    actor.send({ type: 'login.modeChanged', mode: 'code' });
    actor.send({ type: 'login.channelChanged', channel: 'phone' });
    actor.send({ type: 'code.request' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ phone: 'auth:validation.phoneRequired' });
    type('phone', '123');
    actor.send({ type: 'code.request' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ phone: 'auth:validation.phoneInvalid' });
    type('areaCode', '44');
    type('phone', '7400 123456');
    actor.send({ type: 'code.request' });
    await waitFor(actor.getSnapshot().children.verificationCode!, (s) => s.matches('countingDown'));
    expect(codeSends).toEqual([{ username: '+447400123456', scene: 'login' }]);
  });

  it('requires the code, then signs in with it', async () => {
    const { actor, type, signInCalls } = setUp();
    actor.send({ type: 'login.modeChanged', mode: 'code' });
    type('email', 'ann@example.com');
    actor.send({ type: 'login.submit' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ code: 'auth:validation.codeRequired' });
    type('code', ' 123456 ');
    actor.send({ type: 'login.submit' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(signInCalls).toEqual([{ method: 'code', username: 'ann@example.com', code: '123456' }]);
    expect(actor.getSnapshot().context.token).toBe('token-1');
  });
});

describe('login machine, visitor and social sign-in', () => {
  it('signs in as a visitor without any field', async () => {
    const { actor, signInCalls } = setUp({ signIn: { ok: true, token: 'visitor-token' } });
    actor.send({ type: 'visitor.login' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(signInCalls).toEqual([{ method: 'visitor' }]);
    expect(actor.getSnapshot().context.token).toBe('visitor-token');
  });

  it('only logs a failed visitor sign-in (spec: errors only logged)', async () => {
    const { actor, logVisitorFailure } = setUp({ signIn: { ok: false, message: 'no' } });
    actor.send({ type: 'visitor.login' });
    await waitFor(actor, (s) => !s.matches('submitting'));
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.errorMessage).toBeUndefined();
    expect(logVisitorFailure).toHaveBeenCalledTimes(1);
  });

  it("shows the server's 'not configured' answer for a social provider", async () => {
    const { actor, socialCalls } = setUp();
    actor.send({ type: 'social.start', provider: 'google' });
    expect(actor.getSnapshot().value).toBe('socialStarting');
    await waitFor(actor, (s) => s.matches('error'));
    expect(socialCalls).toEqual([{ areaCode: '86', provider: 'google' }]);
    expect(actor.getSnapshot().context.errorMessage).toBe('Google sign-in is not configured on this server');
  });

  it('keeps the provider address to redirect to when the provider is configured', async () => {
    const { actor } = setUp({ social: { ok: true, url: 'https://accounts.example/consent' } });
    actor.send({ type: 'social.start', provider: 'wechat' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().value).toBe('redirecting');
    expect(actor.getSnapshot().context).toMatchObject({ socialProvider: 'wechat', redirectUrl: 'https://accounts.example/consent' });
  });

  it('ignores form events while a sign-in is under way', () => {
    const { actor, type } = setUp();
    actor.send({ type: 'visitor.login' });
    type('username', 'x');
    expect(actor.getSnapshot().value).toBe('submitting');
    expect(actor.getSnapshot().context.username).toBe('');
  });
});
