// The two tables of the bills page, kept visibly apart (issue 29): money in — purchases and the
// credits that cost nothing (a grant, a voucher, the new account's free trial, each marked as what
// it is) — and time out, the consumption. Dates and amounts read in the reader's locale and zone;
// a paid order links to its printable receipt.
import { Badge, Link, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { formatBillDate, formatYuanAmount } from './bill-format';

export type CreditSource = 'purchase' | 'grant' | 'voucher' | 'trial';

export interface BuyRow {
  id: string;
  outTradeNo?: string;
  createTime: string;
  packageName: string;
  payPrice: number;
  status: 'pending' | 'paid' | 'closed';
  /** How the credit came; rows of older servers carry none and read as purchases. */
  source?: CreditSource | undefined;
}

export interface CostRow {
  id: string;
  createTime: string;
  accountTypeName: string;
  usageKind?: 'meeting' | 'transcription' | 'dubbing' | null;
  duration: number;
  recordName?: string | null;
}

/** Seconds as h:mm:ss, the way durations read in a table. */
export function formatSeconds(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}

const SOURCE_PALETTE: Record<CreditSource, string> = { purchase: 'blue', trial: 'green', voucher: 'purple', grant: 'gray' };

/** The address of a paid order's receipt page. */
export const receiptPath = (outTradeNo: string) => `/user/receipt/${encodeURIComponent(outTradeNo)}`;

export function BuysTable({ rows, timeZone }: { rows: BuyRow[]; timeZone: string | null }) {
  const { t, i18n } = useTranslation('purchase');
  return (
    // Scrolls sideways inside itself on a phone rather than widening the page.
    <Table.ScrollArea maxW="full">
    <Table.Root size="sm" variant="outline" data-testid="buys-table">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>{t('colDate')}</Table.ColumnHeader>
          <Table.ColumnHeader>{t('colSource')}</Table.ColumnHeader>
          <Table.ColumnHeader>{t('colPackage')}</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">{t('colAmount')}</Table.ColumnHeader>
          <Table.ColumnHeader>{t('colStatus')}</Table.ColumnHeader>
          <Table.ColumnHeader>{t('colReceipt')}</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {rows.map((row) => {
          const source = row.source ?? 'purchase';
          const paidOrder = source === 'purchase' && row.status === 'paid' && row.outTradeNo;
          return (
            <Table.Row key={row.id} data-testid="buy-row" data-source={source}>
              <Table.Cell whiteSpace="nowrap">{formatBillDate(row.createTime, i18n.language, timeZone)}</Table.Cell>
              <Table.Cell>
                <Badge colorPalette={SOURCE_PALETTE[source]} variant="subtle">
                  {t(`source_${source}`)}
                </Badge>
              </Table.Cell>
              <Table.Cell>{row.packageName}</Table.Cell>
              <Table.Cell textAlign="end">{source === 'purchase' ? formatYuanAmount(row.payPrice, i18n.language) : t('free')}</Table.Cell>
              <Table.Cell>{source === 'purchase' ? t(`status_${row.status}`) : t('credited')}</Table.Cell>
              <Table.Cell>
                {paidOrder ? (
                  <Link href={receiptPath(row.outTradeNo!)} color="brand.fg" target="_blank" rel="noopener" data-testid="receipt-link">
                    {t('receipt')}
                  </Link>
                ) : (
                  <Text as="span" color="fg.muted" aria-label={t('noReceipt')}>
                    —
                  </Text>
                )}
              </Table.Cell>
            </Table.Row>
          );
        })}
      </Table.Body>
    </Table.Root>
    </Table.ScrollArea>
  );
}

export function CostsTable({ rows, timeZone }: { rows: CostRow[]; timeZone: string | null }) {
  const { t, i18n } = useTranslation('purchase');
  return (
    <Table.ScrollArea maxW="full">
    <Table.Root size="sm" variant="outline" data-testid="costs-table">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>{t('colDate')}</Table.ColumnHeader>
          <Table.ColumnHeader>{t('colKind')}</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">{t('colDuration')}</Table.ColumnHeader>
          <Table.ColumnHeader>{t('colRecord')}</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {rows.map((row) => (
          <Table.Row key={row.id}>
            <Table.Cell>{formatBillDate(row.createTime, i18n.language, timeZone)}</Table.Cell>
            <Table.Cell>{row.usageKind ? t(`kind_${row.usageKind}`) : row.accountTypeName}</Table.Cell>
            <Table.Cell textAlign="end">{row.duration < 0 ? t('refunded', { duration: formatSeconds(-row.duration) }) : formatSeconds(row.duration)}</Table.Cell>
            <Table.Cell>{row.recordName ?? '—'}</Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
    </Table.ScrollArea>
  );
}
