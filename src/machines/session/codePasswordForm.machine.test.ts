// @vitest-environment node
// What register and resetPassword do alike: the same form rules, channels and failure handling.
import { describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { waitFor } from 'xstate';
import type { AuthCallResult } from './auth-form';
import type { CodePasswordFormUnderTest } from './codePasswordForm.harness';
import { setUpCodePasswordForm } from './codePasswordForm.harness';
import { registerMachine } from './register.machine';
import { resetPasswordMachine } from './resetPassword.machine';

const FORMS: { name: string; form: CodePasswordFormUnderTest<AnyStateMachine> }[] = [
  { name: 'register', form: { machine: registerMachine, eventPrefix: 'register', submitActor: 'register' } },
  { name: 'resetPassword', form: { machine: resetPasswordMachine, eventPrefix: 'reset', submitActor: 'resetPassword' } },
];

describe.each(FORMS)('$name machine (code + new password form)', ({ form }) => {
  const setUp = (answer: AuthCallResult = { ok: true, token: 'new-user-token' }) => setUpCodePasswordForm(form, answer);

  it('starts on the e-mail channel with the default area code 86', () => {
    const { actor } = setUp();
    expect(actor.getSnapshot().context).toMatchObject({ channel: 'email', areaCode: '86' });
  });

  it('reports every missing field at once', () => {
    const { actor, submit, calls } = setUp();
    submit();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      email: 'auth:validation.emailRequired',
      code: 'auth:validation.codeRequired',
      password: 'auth:validation.passwordRequired',
      confirm: 'auth:validation.confirmRequired',
    });
    expect(calls).toEqual([]);
  });

  it('applies the password rule and the confirmation', () => {
    const { actor, type, fill, submit } = setUp();
    fill({ email: 'ann@example.com', code: '123456', password: 'lettersonly', confirm: 'lettersonly' });
    submit();
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ password: 'auth:validation.passwordRule' });
    type('password', 'short1');
    submit();
    expect(actor.getSnapshot().context.fieldErrors).toMatchObject({ password: 'auth:validation.passwordRule' });
    type('password', 'abc12345');
    type('confirm', 'abc12346');
    submit();
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ confirm: 'auth:validation.passwordMismatch' });
  });

  it('rejects an incorrect e-mail and a missing phone', () => {
    const { actor, type, submit, switchChannel } = setUp();
    type('email', 'ann@example');
    submit();
    expect(actor.getSnapshot().context.fieldErrors.email).toBe('auth:validation.emailInvalid');
    switchChannel('phone');
    submit();
    expect(actor.getSnapshot().context.fieldErrors.phone).toBe('auth:validation.phoneRequired');
  });

  it('sends a phone number in E.164 form', async () => {
    const { actor, fill, submit, switchChannel, calls } = setUp();
    switchChannel('phone');
    fill({ phone: '138 0013 8000', code: '111111', password: 'abc12345', confirm: 'abc12345' });
    submit();
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls[0]?.username).toBe('+8613800138000');
  });

  it("shows the server's refusal and lets the user correct the form", async () => {
    const { actor, type, fill, submit } = setUp({ ok: false, message: 'The verification code is wrong or has expired' });
    fill({ email: 'ann@example.com', code: '000000', password: 'abc12345', confirm: 'abc12345' });
    submit();
    await waitFor(actor, (s) => s.matches('error'));
    expect(actor.getSnapshot().context.errorMessage).toBe('The verification code is wrong or has expired');
    type('code', '123456');
    expect(actor.getSnapshot().value).toBe('editing');
    submit();
    expect(actor.getSnapshot().value).toBe('submitting');
  });
});
