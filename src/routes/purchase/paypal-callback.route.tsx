// /paypalCallBack: PayPal sends a payer here who left without approving. The order (outTradeNo in
// the query, else PayPal's token) is read once: cancelled, or paid after all.
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { paypalCallbackMachine, selectPaypalCallbackStage } from '../../machines/purchase/paypalCallback.machine';
import { PageFrame } from '../../ui/pages/PageFrame';
import { StandalonePage } from '../../ui/pages/StandalonePage';
import { PayResult } from '../../ui/purchase/PayResult';

export default function PaypalCallBackPage() {
  const { t } = useTranslation('purchase');
  const query = new URLSearchParams(window.location.search);
  const actor = useActorRef(paypalCallbackMachine, { input: { outTradeNo: query.get('outTradeNo') || query.get('token') } });
  const stage = useSelector(actor, selectPaypalCallbackStage);
  return (
    <StandalonePage>
      <PageFrame title={stage === 'paid' ? t('paidTitle') : t('paypalCallbackTitle')}>
        {stage === 'paid' ? (
          <PayResult tone="success" textKey="paidBody" homeHref="/" />
        ) : stage === 'cancelled' ? (
          <PayResult tone="warning" textKey="cancelled" homeHref="/" />
        ) : stage === 'unknown' ? (
          <PayResult tone="error" textKey="statusUnknown" onRetry={() => actor.send({ type: 'pay.retry' })} homeHref="/" />
        ) : (
          <PayResult tone="busy" textKey="checking" homeHref="/" />
        )}
      </PageFrame>
    </StandalonePage>
  );
}
