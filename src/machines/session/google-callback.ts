// /googleLoginCallBack's one call as an actor: Google sends the user back with `code`, `state` (and
// `iss`); the server exchanges them (registering a new user) and answers with a token or its reason.
import { fromPromise } from 'xstate';
import { signInWithGoogleCode } from '../../api/session/google-register-with-login';
import type { AuthCallResult } from './auth-form';

export const exchangeGoogleCode = fromPromise<AuthCallResult & { redirect?: string }, { code: string | null; state: string | null; iss?: string | null }>(
  async ({ input, signal }) => {
    if (!input.code) return { ok: false, messageKey: 'auth:errors.missingGoogleCode' };
    return signInWithGoogleCode(
      { code: input.code, ...(input.state ? { state: input.state } : {}), ...(input.iss ? { iss: input.iss } : {}) },
      signal,
    );
  },
);
