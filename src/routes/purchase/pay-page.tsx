// The plugin and desktop pay pages (features §2, §4): the clients open them with their login token
// in the query (the session stores it), the customer chooses a package and pays by QR; the status
// is polled every second and the page says when it is paid. Source 2 tells the server the order
// comes from a pay page.
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { paymentMachine, selectPaid } from '../../machines/purchase/payment.machine';
import { PageFrame } from '../../ui/pages/PageFrame';
import { StandalonePage } from '../../ui/pages/StandalonePage';
import { PayPanel } from '../../ui/purchase/PayPanel';
import { PayResult } from '../../ui/purchase/PayResult';
import { useSessionActor } from '../shell/session-context';
import { usePayPanel } from './use-pay-panel';

export function PayPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation('purchase');
  const tab = Number(new URLSearchParams(window.location.search).get('selPayIndex') ?? 0);
  const payment = useActorRef(paymentMachine, { input: { source: 2, tab } });
  const paid = useSelector(payment, selectPaid);
  const session = useSessionActor();
  useEffect(() => {
    if (paid) session.send({ type: 'account.refresh' });
  }, [paid, session]);
  const choices = useMemo(
    () => ({
      tab: (next: number) => payment.send({ type: 'pay.tabChosen', tab: next }),
      package: (packageId: string) => payment.send({ type: 'pay.packageChosen', packageId }),
      method: (payType: 'wxV3Pay' | 'aliPay' | 'paypalV2Pay') => payment.send({ type: 'pay.methodChosen', payType }),
      retry: () => payment.send({ type: 'pay.retry' }),
    }),
    [payment],
  );
  // A page of its own: PayPal replaces it and comes back to /paypalReturn.
  const panel = usePayPanel(payment, choices, false);
  return (
    <StandalonePage>
      <PageFrame title={paid ? t('paidTitle') : t(titleKey)}>
        {paid ? <PayResult tone="success" textKey="paidBody" homeHref="/" /> : panel ? <PayPanel {...panel} /> : null}
      </PageFrame>
    </StandalonePage>
  );
}
