// /login (and, through UserLoginPage, /userLogin): composes the login machine with the form.
import { Link as ChakraLink, HStack, Text } from '@chakra-ui/react';
import { shallowEqual, useMachine, useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { RouterLink } from '../shell/router-link';
import type { AnyActorRef } from 'xstate';
import { loginMachine } from '../../machines/session/login.machine';
import { selectCodeSend } from '../../machines/session/verificationCode.machine';
import { defaultAreaCode } from '../../ui/session/area-codes';
import { AuthCard } from '../../ui/session/AuthCard';
import type { CodeSendView } from '../../ui/session/code-form-props';
import { feedbackText, formFailureText } from '../../ui/session/feedback';
import { LoginForm } from '../../ui/session/LoginForm';
import { useFinishSignIn } from './use-finish-sign-in';

export { useFinishSignIn };

/** The resend countdown of a form's verificationCode child, ready for the CodeField. */
export function useCodeSendView(child: AnyActorRef | undefined): CodeSendView {
  const { t } = useTranslation('auth');
  const raw = useSelector(child, selectCodeSend, shallowEqual);
  const sentOnce = useRef(false);
  if (raw.status === 'countingDown') sentOnce.current = true;
  const error =
    raw.status === 'idle' ? feedbackText(t, { message: raw.errorMessage, messageKey: raw.errorKey }) : undefined;
  return { status: raw.status, secondsLeft: raw.secondsLeft, sentOnce: sentOnce.current, error };
}

// WeChat's QR, its polling and its callback load only when asked for (the sign-in page's first paint has a budget).
const WechatSignIn = lazy(() => import('./wechat-sign-in'));

export interface LoginPageProps {
  machine?: typeof loginMachine;
  titleKey?: 'title.login' | 'title.userLogin';
}

export function LoginPage({ machine = loginMachine, titleKey = 'title.login' }: LoginPageProps) {
  const { t, i18n } = useTranslation('auth');
  const [search] = useSearchParams();
  const [snapshot, send] = useMachine(machine, {
    input: { areaCode: defaultAreaCode(i18n.language), source: search.get('source'), redirect: search.get('redirect') },
  });
  const [wechatOpen, setWechatOpen] = useState(search.get('wechat') === 'callback');
  const { context } = snapshot;
  const codeSend = useCodeSendView(snapshot.children.verificationCode);

  useFinishSignIn(snapshot.matches('signedIn') ? context.token : undefined);

  const providerUrl = snapshot.matches('redirecting') ? context.redirectUrl : undefined;
  useEffect(() => {
    if (providerUrl) window.location.assign(providerUrl);
  }, [providerUrl]);

  // Links keep the query so /userLogin's source and redirect survive a detour through /register.
  const query = search.toString() ? `?${search.toString()}` : '';
  const links = (
    <HStack justify="space-between" fontSize="sm" wrap="wrap">
      <ChakraLink asChild colorPalette="blue">
        <RouterLink to={`/resetPassword${query}`} data-testid="login-to-reset">
          {t('actions.toReset')}
        </RouterLink>
      </ChakraLink>
      <HStack gap={1}>
        <Text color="fg.muted">{t('hints.noAccount')}</Text>
        <ChakraLink asChild colorPalette="blue">
          <RouterLink to={`/register${query}`} data-testid="login-to-register">
            {t('actions.toRegister')}
          </RouterLink>
        </ChakraLink>
      </HStack>
    </HStack>
  );

  if (wechatOpen)
    return (
      <AuthCard title={t(titleKey)}>
        <Suspense>
          <WechatSignIn onBack={() => setWechatOpen(false)} />
        </Suspense>
      </AuthCard>
    );

  return (
    <AuthCard title={t(titleKey)}>
      <LoginForm
        mode={context.mode}
        channel={context.channel}
        values={context}
        fieldErrors={context.fieldErrors}
        formError={formFailureText(t, snapshot.matches('error') ? context : undefined)}
        submitting={snapshot.matches('submitting') || snapshot.matches('signedIn')}
        codeSend={codeSend}
        social={{
          busy: snapshot.matches('socialStarting') || snapshot.matches('redirecting'),
          provider: context.socialProvider,
        }}
        onModeChange={(mode) => send({ type: 'login.modeChanged', mode })}
        onChannelChange={(channel) => send({ type: 'login.channelChanged', channel })}
        onFieldChange={(field, value) => send({ type: 'field.changed', field, value })}
        onSendCode={() => send({ type: 'code.request' })}
        onSubmit={() => send({ type: 'login.submit' })}
        onVisitor={() => send({ type: 'visitor.login' })}
        onSocial={(provider) => (provider === 'wechat' ? setWechatOpen(true) : send({ type: 'social.start', provider }))}
        links={links}
      />
    </AuthCard>
  );
}

export default function LoginRoute() {
  return <LoginPage />;
}
