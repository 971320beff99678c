// /user/account, the bills page: the bills machine's purchases, consumption and 30-day use, the
// session's balances per account kind, and a reload after any payment.
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback } from 'react';
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
import { PageFrame } from '../../ui/pages/PageFrame';
import { usePurchaseDialog, usePurchasePaid } from '../purchase-dialog-context';
import { useAccountDetail } from '../shell/session-context';

// Purchase-dialog tab per account block, as in the avatar menu (shell-header).
// Package-type order of the catalogue's categories (see shell-header.tsx).
const PURCHASE_TAB: Record<string, number> = { svipMember: 0, vipMember: 1, duration: 2, smartDubbing: 3 };
const ACCOUNT_KINDS = [
  { kind: 'svipMember', labelKey: 'nav:accountSvip' },
  { kind: 'vipMember', labelKey: 'nav:accountVip' },
  { kind: 'duration', labelKey: 'nav:accountDuration' },
  { kind: 'smartDubbing', labelKey: 'nav:accountDubbing' },
] as const;

function browserTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

export default function UserAccountPage() {
  const { t } = useTranslation(['purchase', 'nav']);
  const bills = useActorRef(billsMachine, { input: { timeZone: browserTimeZone() } });
  const purchase = usePurchaseDialog();
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
  usePurchasePaid(useCallback(() => bills.send({ type: 'bills.reload' }), [bills]));
  return (
    <PageFrame title={t('billsTitle')}>
      <BillsView
        balances={ACCOUNT_KINDS.map(({ kind, labelKey }) => ({
          kind,
          label: t(labelKey),
          accountTypeName: accounts?.[kind]?.accountTypeName,
          remarkString: accounts?.[kind]?.remarkString,
        }))}
        usage={{ stage: usageStage, days, error: usageError, timeZone }}
        buys={{ stage: buysStage, rows: buys.rows, page: buys.page, pages: pageCount(buys.total), error: buysError }}
        costs={{ stage: costsStage, rows: costs.rows, page: costs.page, pages: pageCount(costs.total), error: costsError }}
        onBuysPage={(page) => bills.send({ type: 'bills.buysPage', page })}
        onCostsPage={(page) => bills.send({ type: 'bills.costsPage', page })}
        onRetry={() => bills.send({ type: 'bills.retry' })}
        {...(purchase.offered ? { onBuy: (kind: string) => purchase.open(PURCHASE_TAB[kind] ?? 0) } : {})}
      />
    </PageFrame>
  );
}
