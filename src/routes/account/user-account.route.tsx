// /user/account, the bills page: the bills machine's purchases, consumption and 30-day use, the
// session's balances per account kind, and a reload after any payment.
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import {
  billsMachine,
  pageCount,
  selectBillsTimeZone,
  selectBuys,
  selectBuysError,
  selectBuysStage,
  selectCosts,
  selectCostsError,
  selectCostsStage,
  selectUsageDays,
  selectUsageError,
  selectUsageStage,
} from '../../machines/account/bills.machine';
import { BillsView } from '../../ui/account/BillsView';
import { AccountDataPanel, UsageTodayPanel } from './account-data-panel';
import { PageFrame } from '../../ui/pages/PageFrame';
import { PURCHASE_TAB_OF_ACCOUNT } from '../../shared/contract/purchase-tabs';
import { useAppBus, useAppMessage } from '../shell/app-bus';
import { useAccountDetail, usePurchasesOffered } from '../shell/session-context';
import { browserTimeZone } from '../../shared/browser-time-zone';

const ACCOUNT_KINDS = [
  { kind: 'svipMember', labelKey: 'nav:accountSvip' },
  { kind: 'vipMember', labelKey: 'nav:accountVip' },
  { kind: 'duration', labelKey: 'nav:accountDuration' },
  { kind: 'smartDubbing', labelKey: 'nav:accountDubbing' },
] as const;


export default function UserAccountPage() {
  const { t } = useTranslation(['purchase', 'nav']);
  const bills = useActorRef(billsMachine, { input: { timeZone: browserTimeZone() } });
  const bus = useAppBus();
  const purchasesOffered = usePurchasesOffered();
  const accounts = useAccountDetail();
  const buys = useSelector(bills, selectBuys);
  const costs = useSelector(bills, selectCosts);
  const days = useSelector(bills, selectUsageDays);
  const buysStage = useSelector(bills, selectBuysStage);
  const costsStage = useSelector(bills, selectCostsStage);
  const usageStage = useSelector(bills, selectUsageStage);
  const buysError = useSelector(bills, selectBuysError);
  const costsError = useSelector(bills, selectCostsError);
  const usageError = useSelector(bills, selectUsageError);
  const timeZone = useSelector(bills, selectBillsTimeZone);
  // A payment (from this page's Buy or any other) adds a purchase: the bills read again.
  useAppMessage('purchase.paid', () => bills.send({ type: 'bills.reload' }));
  return (
    <PageFrame title={t('billsTitle')}>
      <UsageTodayPanel />
      <BillsView
        balances={ACCOUNT_KINDS.map(({ kind, labelKey }) => ({
          kind,
          label: t(labelKey),
          accountTypeName: accounts?.[kind]?.accountTypeName,
          remarkString: accounts?.[kind]?.remarkString,
          operationString: accounts?.[kind]?.operationString,
        }))}
        usage={{ stage: usageStage, days, error: usageError, timeZone }}
        buys={{ stage: buysStage, rows: buys.rows, page: buys.page, pages: pageCount(buys.total), error: buysError }}
        costs={{ stage: costsStage, rows: costs.rows, page: costs.page, pages: pageCount(costs.total), error: costsError }}
        onBuysPage={(page) => bills.send({ type: 'bills.buysPage', page })}
        onCostsPage={(page) => bills.send({ type: 'bills.costsPage', page })}
        onRetry={() => bills.send({ type: 'bills.retry' })}
        {...(purchasesOffered
          ? { onBuy: (kind: string) => bus.send({ type: 'purchase.open', tab: PURCHASE_TAB_OF_ACCOUNT[kind as keyof typeof PURCHASE_TAB_OF_ACCOUNT] ?? 'svip' }) }
          : {})}
      />
      <AccountDataPanel />
    </PageFrame>
  );
}
