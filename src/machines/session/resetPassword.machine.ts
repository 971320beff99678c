// New password of /resetPassword: e-mail (default) or phone, verification code, new password and
// its confirmation. Success (final state `done`) signs nobody in; the page sends the user to /login.
import { resetPassword } from '../../api/session/reset-pwd';
import type { CodePasswordContext, CodePasswordEvent, CodePasswordInput } from './codePasswordForm.machine';
import { createCodePasswordMachine } from './codePasswordForm.machine';

/** `token` stays unset: a reset does not sign in. */
export type ResetPasswordContext = CodePasswordContext;
export type ResetPasswordEvent = CodePasswordEvent<'reset'>;
export type ResetPasswordInput = CodePasswordInput;

export const resetPasswordMachine = createCodePasswordMachine({
  id: 'resetPassword',
  eventPrefix: 'reset',
  scene: 'reset',
  submitActor: 'resetPassword',
  submit: resetPassword,
  finalState: 'done',
  keepToken: false,
});
