import { NEVER } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { createActor, fromEventObservable, fromPromise, waitFor } from 'xstate';
import type { AuthCallResult, NewPasswordRequest } from './authForm';
import { resetPasswordMachine } from './resetPassword.machine';
import type { SendCodeInput, SendCodeOutput, VerificationCodeEvent } from './verificationCode.machine';
import { verificationCodeMachine } from './verificationCode.machine';

function setUp(answer: AuthCallResult = { ok: true }) {
  const resetCalls: NewPasswordRequest[] = [];
  const codeSends: SendCodeInput[] = [];
  const machine = resetPasswordMachine.provide({
    actors: {
      resetPassword: fromPromise<AuthCallResult, NewPasswordRequest>(async ({ input }) => {
        resetCalls.push(input);
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
  return { actor, type, resetCalls, codeSends };
}

describe('resetPassword machine', () => {
  it('asks for the fields and the password rule before calling the server', () => {
    const { actor, type, resetCalls } = setUp();
    type('email', 'ann@example.com');
    type('password', '12345678');
    actor.send({ type: 'reset.submit' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      code: 'auth:validation.codeRequired',
      password: 'auth:validation.passwordRule',
      confirm: 'auth:validation.confirmRequired',
    });
    expect(resetCalls).toEqual([]);
  });

  it('sends a reset code to the phone with the chosen area code', async () => {
    const { actor, type, codeSends } = setUp();
    actor.send({ type: 'reset.channelChanged', channel: 'phone' });
    type('areaCode', '852');
    type('phone', '5123 4567');
    actor.send({ type: 'code.request' });
    await waitFor(actor.getSnapshot().children.verificationCode!, (s) => s.matches('countingDown'));
    expect(codeSends).toEqual([{ username: '+85251234567', scene: 'reset' }]);
  });

  it('sets the new password and ends in done without a token', async () => {
    const { actor, type, resetCalls } = setUp();
    type('email', 'ann@example.com');
    type('code', '222222');
    type('password', 'newpass99');
    type('confirm', 'newpass99');
    actor.send({ type: 'reset.submit' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().value).toBe('done');
    expect(resetCalls).toEqual([{ username: 'ann@example.com', code: '222222', password: 'newpass99' }]);
  });

  it("keeps the server's message when the code is refused", async () => {
    const { actor, type } = setUp({ ok: false, message: 'Code expired' });
    type('email', 'ann@example.com');
    type('code', '222222');
    type('password', 'newpass99');
    type('confirm', 'newpass99');
    actor.send({ type: 'reset.submit' });
    await waitFor(actor, (s) => s.matches('error'));
    expect(actor.getSnapshot().context.errorMessage).toBe('Code expired');
  });
});
