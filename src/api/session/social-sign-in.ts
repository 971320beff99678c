// Where social sign-in starts, by provider: the Google address or the WeChat QR address. An
// unconfigured provider answers with its reason. The page's source and redirect travel with the
// request (kept by the server) and come back with the token.
import { fromPromise } from 'xstate';
import { toAuthResult, UNEXPECTED_ERROR_KEY, type AuthCallResult } from './auth-answer';
import { requestWechatQrCode } from './get-qr-code';
import { requestGoogleStart } from './render-google';

export type SocialProvider = 'wechat' | 'google';

export interface SocialStart {
  provider: SocialProvider;
  source?: string | null;
  redirect?: string | null;
}

/** Only the clients the contract knows are named; anything else is not sent. */
function returnQuery({ source, redirect }: SocialStart): { source?: 'browser_plugin_media' | 'media_desk'; redirect?: string } {
  return {
    ...(source === 'browser_plugin_media' || source === 'media_desk' ? { source } : {}),
    ...(redirect ? { redirect } : {}),
  };
}

export async function startSocialSignIn(start: SocialStart, signal?: AbortSignal): Promise<AuthCallResult> {
  const query = returnQuery(start);
  const answer = toAuthResult(start.provider === 'google' ? await requestGoogleStart(signal, query) : await requestWechatQrCode(signal, query));
  if (answer.ok && !answer.url) return { ok: false, messageKey: UNEXPECTED_ERROR_KEY };
  return answer;
}

export const startSocialSignInActor = fromPromise<AuthCallResult, SocialStart>(({ input, signal }) => startSocialSignIn(input, signal));
