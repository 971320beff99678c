// Where social sign-in starts, by provider: the Google address or the WeChat QR address. An
// unconfigured provider answers with its reason.
import { fromPromise } from 'xstate';
import { toAuthResult, UNEXPECTED_ERROR_KEY, type AuthCallResult } from './auth-answer';
import { requestWechatQrCode } from './get-qr-code';
import { requestGoogleStart } from './render-google';

export type SocialProvider = 'wechat' | 'google';

export async function startSocialSignIn(provider: SocialProvider, signal?: AbortSignal): Promise<AuthCallResult> {
  const answer = toAuthResult(provider === 'google' ? await requestGoogleStart(signal) : await requestWechatQrCode(signal));
  if (answer.ok && !answer.url) return { ok: false, messageKey: UNEXPECTED_ERROR_KEY };
  return answer;
}

export const startSocialSignInActor = fromPromise<AuthCallResult, SocialProvider>(({ input, signal }) => startSocialSignIn(input, signal));
