import { Alert } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/** 'network unstable, reconnecting' while the socket retries. */
export function ConnectionBanner({ reconnecting, connecting }: { reconnecting: boolean; connecting: boolean }) {
  const { t } = useTranslation('meetings');
  if (!reconnecting && !connecting) return null;
  return (
    <Alert.Root status={reconnecting ? 'warning' : 'info'} data-testid={reconnecting ? 'reconnecting' : 'connecting'}>
      <Alert.Indicator />
      <Alert.Title>{reconnecting ? t('reconnecting') : t('connecting')}</Alert.Title>
    </Alert.Root>
  );
}
