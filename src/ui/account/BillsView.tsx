// The bills page (/user/account): balances per account kind, the use of the last 30 days as a
// chart, and purchases and consumption as paged tables.
import { Box, Button, HStack, SimpleGrid, Spinner, Stack, Table, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { UsageChart, type UsageDayView } from './UsageChart';

export type SectionStage = 'loading' | 'shown' | 'failed';
export interface ShownError {
  message?: string;
  messageKey?: string;
}

export interface BalanceCard {
  kind: string;
  label: string;
  accountTypeName?: string | undefined;
  remarkString?: string | undefined;
}

export interface BuyRow {
  id: string;
  createTime: string;
  packageName: string;
  payPrice: number;
  status: 'pending' | 'paid' | 'closed';
}

export interface CostRow {
  id: string;
  createTime: string;
  accountTypeName: string;
  usageKind?: 'meeting' | 'transcription' | 'dubbing' | null;
  duration: number;
  recordName?: string | null;
}

export interface TableSection<Row> {
  stage: SectionStage;
  rows: Row[];
  page: number;
  pages: number;
  error: ShownError | null;
}

export interface BillsViewProps {
  balances: BalanceCard[];
  usage: { stage: SectionStage; days: UsageDayView[]; error: ShownError | null; timeZone: string | null };
  buys: TableSection<BuyRow>;
  costs: TableSection<CostRow>;
  onBuysPage(page: number): void;
  onCostsPage(page: number): void;
  onRetry(): void;
  /** Absent under BILLING=off: no buy buttons. */
  onBuy?: (kind: string) => void;
}

/** Seconds as h:mm:ss, the way durations read in a table. */
export function formatSeconds(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}

export function BillsView(props: BillsViewProps) {
  const { t } = useTranslation('purchase');
  return (
    <Stack gap="8" data-testid="bills">
      <Stack gap="3">
        <Text as="h2" fontSize="lg" fontWeight="semibold">
          {t('balancesTitle')}
        </Text>
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="3">
          {props.balances.map((balance) => (
            <Stack key={balance.kind} borderWidth="1px" borderRadius="md" p="3" gap="1" data-testid={`balance-${balance.kind}`}>
              <Text fontWeight="semibold">{balance.label}</Text>
              <Text fontSize="sm" color="fg.muted">
                {balance.remarkString || balance.accountTypeName || t('noBalance')}
              </Text>
              {props.onBuy && (
                <Button size="xs" variant="outline" alignSelf="start" onClick={() => props.onBuy?.(balance.kind)}>
                  {t('buyMore')}
                </Button>
              )}
            </Stack>
          ))}
        </SimpleGrid>
      </Stack>
      <Section title={t('usageTitle')} stage={props.usage.stage} error={props.usage.error} onRetry={props.onRetry}>
        <UsageChart days={props.usage.days} timeZone={props.usage.timeZone} />
      </Section>
      <Section title={t('buysTitle')} stage={props.buys.stage} error={props.buys.error} onRetry={props.onRetry} testId="buys">
        {props.buys.rows.length === 0 ? (
          <Text color="fg.muted">{t('noBuys')}</Text>
        ) : (
          <Table.Root size="sm" variant="outline">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('colDate')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('colPackage')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('colAmount')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('colStatus')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {props.buys.rows.map((row) => (
                <Table.Row key={row.id}>
                  <Table.Cell>{row.createTime}</Table.Cell>
                  <Table.Cell>{row.packageName}</Table.Cell>
                  <Table.Cell textAlign="end">{t('yuan', { amount: row.payPrice.toFixed(2) })}</Table.Cell>
                  <Table.Cell>{t(`status_${row.status}`)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        )}
        <Pager page={props.buys.page} pages={props.buys.pages} onPage={props.onBuysPage} testId="buys-pager" />
      </Section>
      <Section title={t('costsTitle')} stage={props.costs.stage} error={props.costs.error} onRetry={props.onRetry} testId="costs">
        {props.costs.rows.length === 0 ? (
          <Text color="fg.muted">{t('noCosts')}</Text>
        ) : (
          <Table.Root size="sm" variant="outline">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('colDate')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('colKind')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('colDuration')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('colRecord')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {props.costs.rows.map((row) => (
                <Table.Row key={row.id}>
                  <Table.Cell>{row.createTime}</Table.Cell>
                  <Table.Cell>{row.usageKind ? t(`kind_${row.usageKind}`) : row.accountTypeName}</Table.Cell>
                  <Table.Cell textAlign="end">{formatSeconds(row.duration)}</Table.Cell>
                  <Table.Cell>{row.recordName ?? '—'}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        )}
        <Pager page={props.costs.page} pages={props.costs.pages} onPage={props.onCostsPage} testId="costs-pager" />
      </Section>
    </Stack>
  );
}

function Section(props: { title: string; stage: SectionStage; error: ShownError | null; onRetry(): void; children: ReactNode; testId?: string }) {
  const { t } = useTranslation('purchase');
  return (
    <Stack gap="3" data-testid={props.testId} data-stage={props.stage}>
      <Text as="h2" fontSize="lg" fontWeight="semibold">
        {props.title}
      </Text>
      {props.stage === 'failed' ? (
        <HStack gap="3">
          <Text role="alert">{props.error?.message ?? t(props.error?.messageKey ?? 'billsFailed')}</Text>
          <Button size="sm" onClick={props.onRetry}>
            {t('retry')}
          </Button>
        </HStack>
      ) : (
        <Box position="relative" aria-busy={props.stage === 'loading'}>
          {props.stage === 'loading' ? <Spinner size="sm" color="brand.solid" position="absolute" top="-7" right="0" /> : null}
          {props.children}
        </Box>
      )}
    </Stack>
  );
}

function Pager({ page, pages, onPage, testId }: { page: number; pages: number; onPage(page: number): void; testId: string }) {
  const { t } = useTranslation('purchase');
  if (pages <= 1) return null;
  return (
    <HStack gap="2" justify="end" data-testid={testId}>
      <Button size="xs" variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)} aria-label={t('previousPage')}>
        ‹
      </Button>
      <Text fontSize="sm">{t('pageOf', { page, pages })}</Text>
      <Button size="xs" variant="outline" disabled={page >= pages} onClick={() => onPage(page + 1)} aria-label={t('nextPage')}>
        ›
      </Button>
    </HStack>
  );
}
