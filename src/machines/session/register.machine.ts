// Registration of /register: e-mail (default) or phone, verification code, password and its
// confirmation. The code sign-in call registers a new address and answers with a token; in the
// final state `registered` the page hands that token to the session.
import { signInWithCode } from '../../api/session/do-login-by-valid-code';
import type { CodePasswordContext, CodePasswordEvent, CodePasswordInput } from './codePasswordForm.machine';
import { createCodePasswordMachine } from './codePasswordForm.machine';

export type RegisterContext = CodePasswordContext;
export type RegisterEvent = CodePasswordEvent<'register'>;
export type RegisterInput = CodePasswordInput;

export const registerMachine = createCodePasswordMachine({
  id: 'register',
  eventPrefix: 'register',
  scene: 'register',
  submitActor: 'register',
  submit: signInWithCode,
  finalState: 'registered',
  keepToken: true,
});
