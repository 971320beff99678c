import { NEVER } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { createActor, fromEventObservable, fromPromise, waitFor } from 'xstate';
import type { AuthCallResult, NewPasswordRequest } from './authForm';
import { registerMachine } from './register.machine';
import type { SendCodeInput, SendCodeOutput, VerificationCodeEvent } from './verificationCode.machine';
import { verificationCodeMachine } from './verificationCode.machine';

function setUp(answer: AuthCallResult = { ok: true, token: 'new-user-token' }) {
  const registerCalls: NewPasswordRequest[] = [];
  const codeSends: SendCodeInput[] = [];
  const machine = registerMachine.provide({
    actors: {
      register: fromPromise<AuthCallResult, NewPasswordRequest>(async ({ input }) => {
        registerCalls.push(input);
        return answer;
      }),
      verificationCode: verificationCodeMachine.provide({
        actors: {
          sendCode: fromPromise<SendCodeOutput, SendCodeInput>(async ({ input }) => {
            codeSends.push(input);
            return { resendAfterSeconds: 60 };
          }),
          countdown: fromEventObservable<VerificationCodeEvent, { seconds: number }>(() => NEVER),
        },
      }),
    },
  });
  const actor = createActor(machine, { input: {} }).start();
  const type = (field: 'email' | 'areaCode' | 'phone' | 'code' | 'password' | 'confirm', value: string) =>
    actor.send({ type: 'field.changed', field, value });
  return { actor, type, registerCalls, codeSends };
}

describe('register machine', () => {
  it('starts on the e-mail channel with the default area code 86', () => {
    const { actor } = setUp();
    expect(actor.getSnapshot().context).toMatchObject({ channel: 'email', areaCode: '86' });
  });

  it('reports every missing field at once', () => {
    const { actor, registerCalls } = setUp();
    actor.send({ type: 'register.submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      email: 'auth:validation.emailRequired',
      code: 'auth:validation.codeRequired',
      password: 'auth:validation.passwordRequired',
      confirm: 'auth:validation.confirmRequired',
    });
    expect(registerCalls).toEqual([]);
  });

  it('applies the password rule and the confirmation', () => {
    const { actor, type } = setUp();
    type('email', 'ann@example.com');
    type('code', '123456');
    type('password', 'lettersonly');
    type('confirm', 'lettersonly');
    actor.send({ type: 'register.submit' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ password: 'auth:validation.passwordRule' });
    type('password', 'short1');
    actor.send({ type: 'register.submit' });
    expect(actor.getSnapshot().context.fieldErrors).toMatchObject({ password: 'auth:validation.passwordRule' });
    type('password', 'abc12345');
    type('confirm', 'abc12346');
    actor.send({ type: 'register.submit' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ confirm: 'auth:validation.passwordMismatch' });
  });

  it('rejects an incorrect e-mail and a missing phone', () => {
    const { actor, type } = setUp();
    type('email', 'ann@example');
    actor.send({ type: 'register.submit' });
    expect(actor.getSnapshot().context.fieldErrors.email).toBe('auth:validation.emailInvalid');
    actor.send({ type: 'register.channelChanged', channel: 'phone' });
    actor.send({ type: 'register.submit' });
    expect(actor.getSnapshot().context.fieldErrors.phone).toBe('auth:validation.phoneRequired');
  });

  it('sends a register code, then registers and signs in with the token', async () => {
    const { actor, type, codeSends, registerCalls } = setUp();
    type('email', 'Ann@Example.com');
    actor.send({ type: 'code.request' });
    await waitFor(actor.getSnapshot().children.verificationCode!, (s) => s.matches('countingDown'));
    expect(codeSends).toEqual([{ username: 'ann@example.com', scene: 'register' }]);
    type('code', '654321');
    type('password', 'abc12345');
    type('confirm', 'abc12345');
    actor.send({ type: 'register.submit' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().value).toBe('registered');
    expect(actor.getSnapshot().context.token).toBe('new-user-token');
    expect(registerCalls).toEqual([{ username: 'ann@example.com', code: '654321', password: 'abc12345' }]);
  });

  it('registers a phone number in E.164 form', async () => {
    const { actor, type, registerCalls } = setUp();
    actor.send({ type: 'register.channelChanged', channel: 'phone' });
    type('phone', '138 0013 8000');
    type('code', '111111');
    type('password', 'abc12345');
    type('confirm', 'abc12345');
    actor.send({ type: 'register.submit' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(registerCalls[0]?.username).toBe('+8613800138000');
  });

  it("shows the server's refusal and lets the user correct the form", async () => {
    const { actor, type } = setUp({ ok: false, message: 'The verification code is wrong or has expired' });
    type('email', 'ann@example.com');
    type('code', '000000');
    type('password', 'abc12345');
    type('confirm', 'abc12345');
    actor.send({ type: 'register.submit' });
    await waitFor(actor, (s) => s.matches('error'));
    expect(actor.getSnapshot().context.errorMessage).toBe('The verification code is wrong or has expired');
    type('code', '123456');
    expect(actor.getSnapshot().value).toBe('editing');
    actor.send({ type: 'register.submit' });
    expect(actor.getSnapshot().value).toBe('submitting');
  });
});
