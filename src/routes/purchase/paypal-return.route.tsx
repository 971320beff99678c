// /paypalReturn: PayPal sends the payer back with token and PayerID; the order is captured and the
// result shown. The token here is PayPal's order id, never a login (the session leaves it alone).
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { paypalReturnMachine, selectPaypalReturnError, selectPaypalReturnStage } from '../../machines/purchase/paypalReturn.machine';
import { PageFrame } from '../../ui/pages/PageFrame';
import { StandalonePage } from '../../ui/pages/StandalonePage';
import { PayResult, type PayResultProps } from '../../ui/purchase/PayResult';
import { useSessionActor } from '../shell/session-context';

export default function PaypalReturnPage() {
  const { t } = useTranslation('purchase');
  const query = new URLSearchParams(window.location.search);
  const actor = useActorRef(paypalReturnMachine, { input: { token: query.get('token'), payerId: query.get('PayerID') } });
  const stage = useSelector(actor, selectPaypalReturnStage);
  const error = useSelector(actor, selectPaypalReturnError);
  const session = useSessionActor();
  useEffect(() => {
    if (stage === 'paid') session.send({ type: 'account.refresh' });
  }, [stage, session]);
  const result: Omit<PayResultProps, 'homeHref'> =
    stage === 'paid'
      ? { tone: 'success', textKey: 'paidBody' }
      : stage === 'failed'
        ? { tone: 'error', textKey: error?.messageKey ?? 'captureFailed', message: error?.message, onRetry: () => actor.send({ type: 'pay.retry' }) }
        : stage === 'closed'
          ? { tone: 'warning', textKey: 'paypalClosed' }
          : stage === 'missingToken'
            ? { tone: 'warning', textKey: 'missingToken' }
            : { tone: 'busy', textKey: stage === 'confirming' ? 'confirming' : 'capturing' };
  return (
    <StandalonePage>
      <PageFrame title={stage === 'paid' ? t('paidTitle') : t('paypalReturnTitle')}>
        <PayResult {...result} homeHref="/" />
      </PageFrame>
    </StandalonePage>
  );
}
