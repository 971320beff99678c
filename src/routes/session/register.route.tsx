// /register: e-mail (default) or phone, verification code, password; signs the new user in.
import { Link as ChakraLink, HStack, Text } from '@chakra-ui/react';
import { useMachine } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { RouterLink } from '../shell/router-link';
import { registerMachine } from '../../machines/session/register.machine';
import { defaultAreaCode } from '../../ui/session/area-codes';
import { AuthCard } from '../../ui/session/AuthCard';
import { formFailureText } from '../../ui/session/feedback';
import { NewPasswordForm } from '../../ui/session/NewPasswordForm';
import { useCodeSendView, useFinishSignIn } from './login.route';

export interface RegisterPageProps {
  machine?: typeof registerMachine;
}

export function RegisterPage({ machine = registerMachine }: RegisterPageProps) {
  const { t, i18n } = useTranslation('auth');
  const [search] = useSearchParams();
  const [snapshot, send] = useMachine(machine, { input: { areaCode: defaultAreaCode(i18n.language) } });
  const { context } = snapshot;
  const codeSend = useCodeSendView(snapshot.children.verificationCode);

  useFinishSignIn(snapshot.matches('registered') ? context.token : undefined);

  const query = search.toString() ? `?${search.toString()}` : '';
  return (
    <AuthCard title={t('title.register')}>
      <NewPasswordForm
        testIdPrefix="register"
        submitLabel={t('actions.register')}
        passwordLabel={t('fields.password')}
        channel={context.channel}
        values={context}
        fieldErrors={context.fieldErrors}
        formError={formFailureText(t, snapshot.matches('error') ? context : undefined)}
        submitting={snapshot.matches('submitting') || snapshot.matches('registered')}
        codeSend={codeSend}
        onChannelChange={(channel) => send({ type: 'register.channelChanged', channel })}
        onFieldChange={(field, value) => send({ type: 'field.changed', field, value })}
        onSendCode={() => send({ type: 'code.request' })}
        onSubmit={() => send({ type: 'register.submit' })}
        links={
          <HStack justify="center" gap={1} fontSize="sm">
            <Text color="fg.muted">{t('hints.haveAccount')}</Text>
            <ChakraLink asChild colorPalette="blue">
              <RouterLink to={`/login${query}`} data-testid="register-to-login">
                {t('actions.toLogin')}
              </RouterLink>
            </ChakraLink>
          </HStack>
        }
      />
    </AuthCard>
  );
}

export default function RegisterRoute() {
  return <RegisterPage />;
}
