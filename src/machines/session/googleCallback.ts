// /googleLoginCallBack's one call as an actor: Google sends the user back with `code` and `state`;
// the server exchanges them (registering a new user) and answers with a token or its reason.
import { fromPromise } from 'xstate';
import { signInWithGoogleCode } from '../../api/session/google-register-with-login';
import type { AuthCallResult } from './authForm';

export const exchangeGoogleCode = fromPromise<AuthCallResult, { code: string | null; state: string | null }>(async ({ input, signal }) => {
  if (!input.code) return { ok: false, messageKey: 'auth:errors.missingGoogleCode' };
  return signInWithGoogleCode(input.state ? { code: input.code, state: input.state } : { code: input.code }, signal);
});
