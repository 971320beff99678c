import { Button, Image, Stack, Switch, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { QR_IMAGE_SIZE_PX } from '../../shared/contract/limits';
import { DialogFrame } from '../common/DialogFrame';

export interface MyQrCodeDialogProps {
  open: boolean;
  qrDataUrl: string | null;
  shareEnabled: boolean;
  switchBusy: boolean;
  /** The share status could not be read; the switch is replaced by a retry. */
  loadFailed: boolean;
  copying: boolean;
  onClose(): void;
  onShareChange(enabled: boolean): void;
  onCopyImage(): void;
  onRetry(): void;
}

export function MyQrCodeDialog(props: MyQrCodeDialogProps) {
  const { t } = useTranslation('voucher');
  return (
    <DialogFrame open={props.open} title={t('qrTitle')} testId="my-qr-dialog" onClose={props.onClose} maxW="sm">
              <Stack align="center" gap="4">
                {props.loadFailed ? (
                  <Stack align="center" gap="2">
                    <Text fontSize="sm" color="fg.error" data-testid="my-qr-load-failed">
                      {t('qrLoadFailed')}
                    </Text>
                    <Button size="xs" variant="outline" onClick={props.onRetry} data-testid="my-qr-retry">
                      {t('retry')}
                    </Button>
                  </Stack>
                ) : (
                  <Switch.Root
                    checked={props.shareEnabled}
                    disabled={props.switchBusy}
                    onCheckedChange={(details) => props.onShareChange(details.checked)}
                    data-testid="my-qr-share-switch"
                  >
                    <Switch.HiddenInput />
                    <Switch.Control />
                    <Switch.Label>{t('qrShareSwitch')}</Switch.Label>
                  </Switch.Root>
                )}
                {props.qrDataUrl && (
                  <Image
                    src={props.qrDataUrl}
                    alt={t('qrAlt')}
                    width={`${QR_IMAGE_SIZE_PX}px`}
                    height={`${QR_IMAGE_SIZE_PX}px`}
                    opacity={props.shareEnabled ? 1 : 0.35}
                    data-testid="my-qr-image"
                  />
                )}
                {!props.shareEnabled && !props.loadFailed && (
                  <Text fontSize="sm" color="fg.muted" textAlign="center">
                    {t('qrDisabled')}
                  </Text>
                )}
                <Button
                  size="sm"
                  variant="outline"
                  onClick={props.onCopyImage}
                  disabled={!props.qrDataUrl}
                  loading={props.copying}
                  data-testid="my-qr-copy"
                >
                  {t('qrCopy')}
                </Button>
              </Stack>
    </DialogFrame>
  );
}
