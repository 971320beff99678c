// WeChat sign-in inside the sign-in page (loaded when WeChat is chosen, or when WeChat sends the browser
// back with code and state): wires the wechatSignIn machine to its panel, hands the token to the
// session, and goes to WeChat's authorize address for the in-WeChat flow.
import { useMachine } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { wechatSignInMachine, type WechatSignInInput } from '../../machines/session/wechatSignIn.machine';
import { WechatSignInPanel, type WechatPanelStatus } from '../../ui/session/WechatSignInPanel';
import { feedbackText } from '../../ui/session/feedback';
import { useFinishSignIn } from './use-finish-sign-in';

export interface WechatSignInProps {
  onBack(): void;
  machine?: typeof wechatSignInMachine;
}

/** WeChat's callback (code and state), else a new request: in WeChat's own browser through the official account. */
export function wechatInput(search: URLSearchParams, userAgent: string): WechatSignInInput {
  const code = search.get('code');
  const state = search.get('state');
  if (search.get('wechat') === 'callback' && code && state) return { callback: { code, state } };
  const source = search.get('source');
  const redirect = search.get('redirect');
  return {
    channel: /MicroMessenger/i.test(userAgent) ? 'mp' : 'open',
    ...(source === 'browser_plugin_media' || source === 'media_desk' ? { source } : {}),
    ...(redirect ? { redirect } : {}),
  };
}

export default function WechatSignIn({ onBack, machine = wechatSignInMachine }: WechatSignInProps) {
  const { t } = useTranslation('auth');
  const [search] = useSearchParams();
  const [snapshot, send] = useMachine(machine, { input: wechatInput(search, navigator.userAgent) });
  const { context } = snapshot;
  const value = snapshot.value;
  const status = (typeof value === 'string' ? value : Object.keys(value)[0]) as WechatPanelStatus | 'choosing' | 'started';

  useFinishSignIn(snapshot.matches('signedIn') ? context.token : undefined, context.redirect);

  const providerUrl = snapshot.matches('redirecting') ? context.url : undefined;
  useEffect(() => {
    if (providerUrl) window.location.assign(providerUrl);
  }, [providerUrl]);

  return (
    <WechatSignInPanel
      status={status === 'choosing' || status === 'started' ? 'starting' : status}
      qrCode={context.qrCode}
      nickname={context.nickname}
      error={feedbackText(t, { message: context.errorMessage, messageKey: context.errorKey })}
      onRetry={() => send({ type: 'wechat.retry' })}
      onRegister={() => send({ type: 'wechat.register' })}
      onBack={onBack}
    />
  );
}
