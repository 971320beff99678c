import { Box, Button, Card, HStack, Image, Input, Stack, Switch, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

export interface SharePanelProps {
  link: string;
  qrDataUrl: string | null;
  sharingOpen: boolean;
  copied: boolean;
  castCode: string | null;
  castUrl: string | null;
  onCopy(): void;
  onSharingChange(open: boolean): void;
  onCreateCastCode(): void;
}

/** Sharing: the share link, QR code, copy; sharing on/off (the invitation has its own panel); screen casting by six-digit code or address. */
export function SharePanel(props: SharePanelProps) {
  const { t } = useTranslation('meetings');
  return (
    <Card.Root data-testid="share-panel">
      <Card.Body>
        <Stack gap="3">
          <Switch.Root checked={props.sharingOpen} onCheckedChange={(details) => props.onSharingChange(details.checked)} data-testid="share-toggle">
            <Switch.HiddenInput data-testid="share-toggle-input" />
            <Switch.Control />
            <Switch.Label>{props.sharingOpen ? t('sharingOpen') : t('sharingClosed')}</Switch.Label>
          </Switch.Root>
          <HStack>
            <Input readOnly value={props.link} size="sm" data-testid="share-link" aria-label={t('shareLink')} />
            <Button size="sm" onClick={props.onCopy} data-testid="share-copy">
              {props.copied ? t('copied') : t('copy')}
            </Button>
          </HStack>
          {props.qrDataUrl && (
            <Box alignSelf="center">
              <Image src={props.qrDataUrl} alt={t('shareQr')} w="40" h="40" data-testid="share-qr" />
            </Box>
          )}
          {!props.sharingOpen && <Text fontSize="sm" color="fg.muted">{t('sharingClosedHint')}</Text>}
          <Button size="sm" variant="outline" onClick={props.onCreateCastCode} data-testid="cast-create">
            {t('castToScreen')}
          </Button>
          {props.castCode && (
            <Stack gap="1" data-testid="cast-code-box">
              <Text fontSize="sm">{t('castCodeIs')}</Text>
              <Text fontSize="2xl" fontFamily="mono" letterSpacing="0.3em" data-testid="cast-code">{props.castCode}</Text>
              {props.castUrl && <Text fontSize="xs" color="fg.muted" wordBreak="break-all">{t('castOrOpen', { url: props.castUrl })}</Text>}
            </Stack>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
