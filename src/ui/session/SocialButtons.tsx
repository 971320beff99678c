import { Button, HStack, Separator, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

export type SocialProviderName = 'wechat' | 'google';

export interface SocialButtonsProps {
  onStart(provider: SocialProviderName): void;
  busy: boolean;
  busyProvider?: SocialProviderName;
}

export function SocialButtons({ onStart, busy, busyProvider }: SocialButtonsProps) {
  const { t } = useTranslation('auth');
  return (
    <Stack gap={3}>
      <HStack>
        <Separator flex="1" />
        <Text flexShrink={0} fontSize="xs" color="fg.muted">
          {t('hints.orContinueWith')}
        </Text>
        <Separator flex="1" />
      </HStack>
      <HStack gap={3}>
        <Button
          flex="1"
          variant="outline"
          disabled={busy}
          loading={busy && busyProvider === 'wechat'}
          onClick={() => onStart('wechat')}
          data-testid="social-wechat"
        >
          {t('actions.wechat')}
        </Button>
        <Button
          flex="1"
          variant="outline"
          disabled={busy}
          loading={busy && busyProvider === 'google'}
          onClick={() => onStart('google')}
          data-testid="social-google"
        >
          {t('actions.google')}
        </Button>
      </HStack>
    </Stack>
  );
}
