// The end of a payment on a page of its own (pay pages, PayPal return and cancel): what happened,
// in one sentence, with a way on.
import { Button, Spinner, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

export interface PayResultProps {
  tone: 'busy' | 'success' | 'warning' | 'error';
  /** A purchase namespace key (or a key with its namespace, e.g. api:networkError). */
  textKey: string;
  /** The server's own text, shown instead when it sent one. */
  message?: string | null | undefined;
  onRetry?: (() => void) | undefined;
  homeHref: string;
}

export function PayResult({ tone, textKey, message, onRetry, homeHref }: PayResultProps) {
  const { t } = useTranslation('purchase');
  return (
    <Stack gap="4" align="start" data-testid="pay-result" data-tone={tone}>
      {tone === 'busy' ? <Spinner color="brand.solid" /> : null}
      <Text {...(tone === 'error' || tone === 'warning' ? { role: 'alert' } : { role: 'status' })} color={tone === 'success' ? 'green.fg' : undefined}>
        {message || t(textKey)}
      </Text>
      {tone !== 'busy' ? (
        <Stack direction="row" gap="2">
          {onRetry ? (
            <Button size="sm" onClick={onRetry} data-testid="pay-result-retry">
              {t('retry')}
            </Button>
          ) : null}
          <Button asChild size="sm" variant="outline">
            <a href={homeHref}>{t('backHome')}</a>
          </Button>
        </Stack>
      ) : null}
    </Stack>
  );
}
