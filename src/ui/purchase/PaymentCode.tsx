// Where the customer pays: the QR (212 by 205, high error correction, drawn by the route), the
// PayPal button, or what stands in their place while an order is prepared, refused or expired.
import { Box, Button, Center, Image, Spinner, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { PAY_QR_HEIGHT_PX, PAY_QR_WIDTH_PX } from '../../shared/contract/limits';
import type { PayMethod, PayStageView, ShownText } from './pay-view-types';

export interface PaymentCodeProps {
  stage: PayStageView;
  method: PayMethod;
  qrDataUrl: string | null;
  approvalUrl: string | null;
  /** Embedded dialogs open PayPal in a new window; a page of its own goes there itself. */
  paypalInNewWindow: boolean;
  error: ShownText | null;
  onRetry(): void;
}

export function PaymentCode({ stage, method, qrDataUrl, approvalUrl, paypalInNewWindow, error, onRetry }: PaymentCodeProps) {
  const { t } = useTranslation('purchase');
  const methodName = t(`method_${method}`);
  const errorText = error ? (error.message ?? t(error.messageKey ?? 'qrFailed')) : null;
  const box = (children: React.ReactNode) => (
    <Center w={`${PAY_QR_WIDTH_PX}px`} h={`${PAY_QR_HEIGHT_PX}px`} borderWidth="1px" borderRadius="md" data-testid="payment-code" data-stage={stage}>
      {children}
    </Center>
  );
  if (stage === 'awaitingPayment' && approvalUrl) {
    return (
      <Stack gap="2" align="start" data-testid="payment-code" data-stage={stage} maxW={`${PAY_QR_WIDTH_PX * 1.5}px`}>
        <Button asChild colorPalette="brand">
          <a href={approvalUrl} data-testid="paypal-approve" {...(paypalInNewWindow ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
            {t('payWithPaypal')}
          </a>
        </Button>
        <Text fontSize="sm" color="fg.muted">
          {t('paypalHint')}
        </Text>
      </Stack>
    );
  }
  if (stage === 'awaitingPayment' && qrDataUrl) {
    return (
      <Stack gap="1" align="center">
        {box(<Image src={qrDataUrl} alt={t('payQrAlt')} w={`${PAY_QR_WIDTH_PX}px`} h={`${PAY_QR_HEIGHT_PX}px`} objectFit="contain" data-testid="payment-qr" />)}
        <Text fontSize="sm">{t('scanToPay', { method: methodName })}</Text>
      </Stack>
    );
  }
  if (stage === 'orderClosed' || stage === 'qrFailed') {
    return box(
      <Stack gap="2" align="center" p="3" textAlign="center">
        <Text fontSize="sm" role="alert">
          {stage === 'orderClosed' ? t('orderClosed') : errorText ?? t('qrFailed')}
        </Text>
        <Button size="sm" onClick={onRetry} data-testid="payment-retry">
          {stage === 'orderClosed' ? t('newOrder') : t('retry')}
        </Button>
      </Stack>,
    );
  }
  return box(
    <Stack gap="2" align="center">
      <Spinner color="brand.solid" />
      <Text fontSize="sm" color="fg.muted">
        {stage === 'fetchingQr' ? t('loadingQr') : t('waitingForPayment')}
      </Text>
    </Stack>,
  );
}

