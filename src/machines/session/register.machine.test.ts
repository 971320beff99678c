// @vitest-environment node
// Register-only behaviour; the form rules it shares with resetPassword are in codePasswordForm.machine.test.ts.
import { describe, expect, it } from 'vitest';
import { waitFor } from 'xstate';
import { setUpCodePasswordForm } from './codePasswordForm.harness';
import { registerMachine } from './register.machine';

function setUp() {
  const { calls, ...rest } = setUpCodePasswordForm(
    { machine: registerMachine, eventPrefix: 'register', submitActor: 'register' },
    { ok: true, token: 'new-user-token' },
  );
  return { ...rest, registerCalls: calls };
}

describe('register machine', () => {
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
});
