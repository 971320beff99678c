// /resetPassword: new password by verification code; success shows a notice and a way back to /login.
import { Alert, Button, Link as ChakraLink, Stack } from '@chakra-ui/react';
import { useMachine } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { RouterLink } from '../shell/router-link';
import { resetPasswordMachine } from '../../machines/session/resetPassword.machine';
import { defaultAreaCode } from '../../ui/session/area-codes';
import { AuthCard } from '../../ui/session/AuthCard';
import { formFailureText } from '../../ui/session/feedback';
import { NewPasswordForm } from '../../ui/session/NewPasswordForm';
import { useCodeSendView } from './login.route';

export interface ResetPasswordPageProps {
  machine?: typeof resetPasswordMachine;
}

export function ResetPasswordPage({ machine = resetPasswordMachine }: ResetPasswordPageProps) {
  const { t, i18n } = useTranslation('auth');
  const [search] = useSearchParams();
  const [snapshot, send] = useMachine(machine, { input: { areaCode: defaultAreaCode(i18n.language) } });
  const { context } = snapshot;
  const codeSend = useCodeSendView(snapshot.children.verificationCode);
  const query = search.toString() ? `?${search.toString()}` : '';
  const toLogin = (
    <ChakraLink asChild colorPalette="blue" fontSize="sm" alignSelf="center">
      <RouterLink to={`/login${query}`} data-testid="reset-to-login">
        {t('actions.toLogin')}
      </RouterLink>
    </ChakraLink>
  );

  if (snapshot.matches('done')) {
    return (
      <AuthCard title={t('title.resetPassword')}>
        <Stack gap={5}>
          <Alert.Root status="success" data-testid="reset-done">
            <Alert.Indicator />
            <Alert.Title>{t('status.resetDone')}</Alert.Title>
          </Alert.Root>
          <Button asChild colorPalette="blue" size="lg">
            <RouterLink to={`/login${query}`}>{t('actions.toLogin')}</RouterLink>
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('title.resetPassword')}>
      <NewPasswordForm
        testIdPrefix="reset"
        submitLabel={t('actions.resetPassword')}
        passwordLabel={t('fields.newPassword')}
        channel={context.channel}
        values={context}
        fieldErrors={context.fieldErrors}
        formError={formFailureText(t, snapshot.matches('error') ? context : undefined)}
        submitting={snapshot.matches('submitting')}
        codeSend={codeSend}
        onChannelChange={(channel) => send({ type: 'reset.channelChanged', channel })}
        onFieldChange={(field, value) => send({ type: 'field.changed', field, value })}
        onSendCode={() => send({ type: 'code.request' })}
        onSubmit={() => send({ type: 'reset.submit' })}
        links={toLogin}
      />
    </AuthCard>
  );
}

export default function ResetPasswordRoute() {
  return <ResetPasswordPage />;
}
