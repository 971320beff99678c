// /googleLoginCallBack: Google sends the user back with `code` and `state`; the server exchanges them
// (registering a new user) and answers with a token or its own reason for refusing.
import { Alert, Button, Spinner, Stack, Text } from '@chakra-ui/react';
import { useActor } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { RouterLink } from '../shell/router-link';
import type { AuthCallResult } from '../../machines/session/auth-form';
import { UNEXPECTED_ERROR_KEY } from '../../machines/session/auth-form';
import { exchangeGoogleCode } from '../../machines/session/google-callback';
import { AuthCard } from '../../ui/session/AuthCard';
import { feedbackText } from '../../ui/session/feedback';
import { useFinishSignIn } from './login.route';

export interface GoogleLoginCallbackPageProps {
  exchange?: typeof exchangeGoogleCode;
}

export function GoogleLoginCallbackPage({ exchange = exchangeGoogleCode }: GoogleLoginCallbackPageProps) {
  const { t } = useTranslation('auth');
  const [search] = useSearchParams();
  const [snapshot] = useActor(exchange, { input: { code: search.get('code'), state: search.get('state'), iss: search.get('iss') } });
  const answer: (AuthCallResult & { redirect?: string }) | undefined =
    snapshot.status === 'done'
      ? snapshot.output
      : snapshot.status === 'error'
        ? { ok: false, messageKey: UNEXPECTED_ERROR_KEY }
        : undefined;

  useFinishSignIn(answer?.ok ? answer.token : undefined, answer?.redirect);

  return (
    <AuthCard title={t('title.googleCallback')}>
      {answer === undefined || answer.ok ? (
        <Stack align="center" gap={3} py={6} data-testid="google-callback-working">
          <Spinner size="lg" />
          <Text color="fg.muted">{answer?.ok ? t('status.signedIn') : t('status.googleWorking')}</Text>
        </Stack>
      ) : (
        <Stack gap={5}>
          <Alert.Root status="error" data-testid="google-callback-error">
            <Alert.Indicator />
            <Alert.Title>{feedbackText(t, answer.ok ? undefined : answer) ?? t('errors.unexpected')}</Alert.Title>
          </Alert.Root>
          <Button asChild colorPalette="blue">
            <RouterLink to="/login">{t('actions.toLogin')}</RouterLink>
          </Button>
        </Stack>
      )}
    </AuthCard>
  );
}

export default function GoogleLoginCallbackRoute() {
  return <GoogleLoginCallbackPage />;
}
