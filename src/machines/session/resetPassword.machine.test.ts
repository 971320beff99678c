// @vitest-environment node
// Reset-only behaviour; the form rules it shares with register (including the server's refusal)
// are in codePasswordForm.machine.test.ts.
import { describe, expect, it } from 'vitest';
import { waitFor } from 'xstate';
import type { AuthCallResult } from './auth-form';
import { setUpCodePasswordForm } from './codePasswordForm.harness';
import { resetPasswordMachine } from './resetPassword.machine';

function setUp(answer: AuthCallResult = { ok: true }) {
  const { calls, ...rest } = setUpCodePasswordForm({ machine: resetPasswordMachine, eventPrefix: 'reset', submitActor: 'resetPassword' }, answer);
  return { ...rest, resetCalls: calls };
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
    const { actor, fill, resetCalls } = setUp();
    fill({ email: 'ann@example.com', code: '222222', password: 'newpass99', confirm: 'newpass99' });
    actor.send({ type: 'reset.submit' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().value).toBe('done');
    expect(resetCalls).toEqual([{ username: 'ann@example.com', code: '222222', password: 'newpass99' }]);
  });

  it('keeps no token even when the answer carries one (a reset signs nobody in)', async () => {
    const { actor, fill } = setUp({ ok: true, token: 'unexpected' });
    fill({ email: 'ann@example.com', code: '222222', password: 'newpass99', confirm: 'newpass99' });
    actor.send({ type: 'reset.submit' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().context.token).toBeUndefined();
  });
});
