// The bills page (/user/account): balances per account kind, the use of the last 30 days as a
// chart, and purchases (money in, with receipts) and consumption (time out) as paged tables.
import { Box, Button, HStack, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BuysTable, CostsTable, type BuyRow, type CostRow } from './BillTables';
import { UsageChart, type UsageDayView } from './UsageChart';

export { formatSeconds, type BuyRow, type CostRow } from './BillTables';

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
  /** The server's word for the card's action (Renew on an active membership, as the avatar menu says). */
  operationString?: string | undefined;
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
                  {balance.operationString || t('buyMore')}
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
        <Text fontSize="sm" color="fg.muted">
          {t('buysHint')}
        </Text>
        {props.buys.rows.length === 0 ? <Text color="fg.muted">{t('noBuys')}</Text> : <BuysTable rows={props.buys.rows} timeZone={props.usage.timeZone} />}
        <Pager page={props.buys.page} pages={props.buys.pages} onPage={props.onBuysPage} testId="buys-pager" />
      </Section>
      <Section title={t('costsTitle')} stage={props.costs.stage} error={props.costs.error} onRetry={props.onRetry} testId="costs">
        <Text fontSize="sm" color="fg.muted">
          {t('costsHint')}
        </Text>
        {props.costs.rows.length === 0 ? <Text color="fg.muted">{t('noCosts')}</Text> : <CostsTable rows={props.costs.rows} timeZone={props.usage.timeZone} />}
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
