// WeChat sign-in as the machine says it stands: the QR being prepared or shown, an offer to create
// an account for a WeChat account Parley does not know yet, an expired QR, a failure, or (on the
// phone that scanned) the word to continue on the computer. Renders state only; the route acts.
import { Alert, Box, Button, Image, Spinner, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

export type WechatPanelStatus =
  | 'starting'
  | 'showingQr'
  | 'completing'
  | 'offeringRegistration'
  | 'registering'
  | 'expired'
  | 'failed'
  | 'confirmedOnPhone'
  | 'signedIn'
  | 'redirecting';

export interface WechatSignInPanelProps {
  status: WechatPanelStatus;
  qrCode?: string;
  nickname?: string | null;
  error?: string;
  onRetry(): void;
  onRegister(): void;
  onBack(): void;
}

function Working({ text }: { text: string }) {
  return (
    <Stack align="center" gap={3} py={6}>
      <Spinner size="lg" />
      <Text color="fg.muted">{text}</Text>
    </Stack>
  );
}

export function WechatSignInPanel({ status, qrCode, nickname, error, onRetry, onRegister, onBack }: WechatSignInPanelProps) {
  const { t } = useTranslation('wechat');
  const { t: tAuth } = useTranslation('auth');
  let body;
  switch (status) {
    case 'showingQr':
      body = (
        <Stack align="center" gap={3} data-testid="wechat-qr">
          <Text fontWeight="semibold">{t('scanTitle')}</Text>
          <Box borderWidth="1px" borderRadius="md" p={2} bg="white">
            <Image src={qrCode} alt={t('qrAlt')} width="200px" height="200px" />
          </Box>
          <Text fontSize="sm" color="fg.muted" textAlign="center">
            {t('scanHint')}
          </Text>
        </Stack>
      );
      break;
    case 'offeringRegistration':
    case 'registering':
      body = (
        <Stack gap={3} data-testid="wechat-register">
          <Text fontWeight="semibold">{nickname ? t('registerTitle', { name: nickname }) : t('registerTitleNoName')}</Text>
          <Text fontSize="sm" color="fg.muted">
            {t('registerHint')}
          </Text>
          <Button colorPalette="green" loading={status === 'registering'} loadingText={t('registering')} onClick={onRegister} data-testid="wechat-register-submit">
            {t('register')}
          </Button>
        </Stack>
      );
      break;
    case 'expired':
    case 'failed':
      body = (
        <Stack gap={3} data-testid={`wechat-${status}`}>
          <Alert.Root status={status === 'expired' ? 'warning' : 'error'}>
            <Alert.Indicator />
            <Alert.Title>{status === 'expired' ? t('expired') : (error ?? t('failed'))}</Alert.Title>
          </Alert.Root>
          <Button variant="outline" onClick={onRetry} data-testid="wechat-retry">
            {status === 'expired' ? t('refresh') : t('retry')}
          </Button>
        </Stack>
      );
      break;
    case 'confirmedOnPhone':
      body = (
        <Alert.Root status="success" data-testid="wechat-confirmed">
          <Alert.Indicator />
          <Alert.Title>{t('confirmedOnPhone')}</Alert.Title>
        </Alert.Root>
      );
      break;
    case 'signedIn':
      body = <Working text={tAuth('status.signedIn')} />;
      break;
    case 'redirecting':
      body = <Working text={t('redirecting')} />;
      break;
    case 'completing':
      body = <Working text={t('completing')} />;
      break;
    default:
      body = <Working text={t('starting')} />;
  }
  return (
    <Stack gap={4}>
      {body}
      {status !== 'confirmedOnPhone' && status !== 'signedIn' && (
        <Button variant="ghost" size="sm" onClick={onBack} data-testid="wechat-back">
          {t('back')}
        </Button>
      )}
    </Stack>
  );
}
