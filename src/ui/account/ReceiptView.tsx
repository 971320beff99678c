// A printable receipt of one paid order (issue 29): who sold what to whom, when, for how much and how
// it was paid, in the reader's locale and zone. On paper only the receipt prints: the buttons hide.
import { Box, Button, DataList, HStack, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { formatBillDate, formatYuanAmount } from './bill-format';

export interface ReceiptDetails {
  outTradeNo: string;
  packageName: string;
  amount: number;
  payType: string;
  providerTxnId?: string | null;
  paidAt: string;
  buyerName: string;
  buyerAddress?: string | null;
  seller: string;
}

export interface ReceiptViewProps {
  stage: 'loading' | 'shown' | 'failed';
  receipt: ReceiptDetails | null;
  error: { message?: string | undefined; messageKey?: string | undefined } | null;
  timeZone: string | null;
  onRetry(): void;
  onPrint(): void;
}

const hiddenOnPaper = { '@media print': { display: 'none' } };

export function ReceiptView({ stage, receipt, error, timeZone, onRetry, onPrint }: ReceiptViewProps) {
  const { t, i18n } = useTranslation('purchase');
  if (stage === 'loading') {
    return (
      <HStack gap="2" data-testid="receipt" data-stage={stage}>
        <Spinner size="sm" color="brand.solid" />
        <Text>{t('receiptLoading')}</Text>
      </HStack>
    );
  }
  if (stage === 'failed' || !receipt) {
    return (
      <Stack gap="3" align="start" data-testid="receipt" data-stage="failed">
        <Text role="alert">{error?.message || t(error?.messageKey ?? 'receiptFailed')}</Text>
        <Button size="sm" onClick={onRetry}>
          {t('retry')}
        </Button>
      </Stack>
    );
  }
  const rows: Array<[string, string]> = [
    [t('receiptNumber'), receipt.outTradeNo],
    [t('receiptDate'), formatBillDate(receipt.paidAt, i18n.language, timeZone)],
    [t('receiptSeller'), receipt.seller],
    [t('receiptBuyer'), receipt.buyerAddress ? `${receipt.buyerName} (${receipt.buyerAddress})` : receipt.buyerName],
    [t('colPackage'), receipt.packageName],
    [t('receiptMethod'), t(`method_${receipt.payType}`, { defaultValue: receipt.payType })],
    ...(receipt.providerTxnId ? ([[t('receiptTransaction'), receipt.providerTxnId]] as Array<[string, string]>) : []),
  ];
  return (
    <Stack gap="5" bg="bg" borderWidth="1px" borderRadius="md" p={{ base: '4', md: '8' }} data-testid="receipt" data-stage="shown" css={{ '@media print': { borderWidth: 0, padding: 0 } }}>
      <HStack justify="space-between" align="start">
        <Heading as="h1" size="xl">
          {t('receiptTitle')}
        </Heading>
        <Button size="sm" variant="outline" onClick={onPrint} css={hiddenOnPaper} data-testid="receipt-print">
          {t('receiptPrint')}
        </Button>
      </HStack>
      <DataList.Root orientation="horizontal">
        {rows.map(([label, value]) => (
          <DataList.Item key={label}>
            <DataList.ItemLabel minW="36">{label}</DataList.ItemLabel>
            <DataList.ItemValue>{value}</DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList.Root>
      <Box borderTopWidth="1px" pt="3">
        <HStack justify="space-between">
          <Text fontWeight="semibold">{t('receiptTotal')}</Text>
          <Text fontSize="2xl" fontWeight="bold" data-testid="receipt-total">
            {formatYuanAmount(receipt.amount, i18n.language)}
          </Text>
        </HStack>
        <Text fontSize="sm" color="fg.muted">
          {t('receiptPaidNote')}
        </Text>
      </Box>
    </Stack>
  );
}
