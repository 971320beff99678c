// Where social sign-in starts: the provider's address. An unconfigured provider answers with its
// reason. The page's source and redirect travel with the request (kept by the server) and come back
// with the token. WeChat starts in its own panel (routes/session/wechat-sign-in.tsx, loaded on demand),
// so only Google is asked for here and the sign-in page's first paint carries no WeChat code.
import { fromPromise } from 'xstate';
import { toAuthResult, UNEXPECTED_ERROR_KEY, type AuthCallResult } from './auth-answer';
import { requestGoogleStart } from './render-google';

export type SocialProvider = 'wechat' | 'google';

export interface SocialStart {
  provider: SocialProvider;
  source?: string | null;
  redirect?: string | null;
}

export async function startSocialSignIn(start: SocialStart, signal?: AbortSignal): Promise<AuthCallResult> {
  // The server keeps only the sources it knows and a same-site redirect.
  const query = { source: start.source ?? undefined, redirect: start.redirect ?? undefined };
  if (start.provider !== 'google') return { ok: false, messageKey: UNEXPECTED_ERROR_KEY };
  const answer = toAuthResult(await requestGoogleStart(signal, query));
  if (answer.ok && !answer.url) return { ok: false, messageKey: UNEXPECTED_ERROR_KEY };
  return answer;
}

export const startSocialSignInActor = fromPromise<AuthCallResult, SocialStart>(({ input, signal }) => startSocialSignIn(input, signal));
