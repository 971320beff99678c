// /user/receipt/:outTradeNo — the printable receipt of one paid order, linked from each purchase on
// the bills page (issue 29). A page of its own (no navigation), so what prints is the receipt.
import { useActorRef, useSelector } from '@xstate/react';
import { useParams } from 'react-router-dom';
import { receiptMachine, selectReceipt, selectReceiptError, selectReceiptStage } from '../../machines/account/receipt.machine';
import { ReceiptView } from '../../ui/account/ReceiptView';
import { StandalonePage } from '../../ui/pages/StandalonePage';
import { browserTimeZone } from '../../shared/browser-time-zone';


export default function ReceiptPage() {
  const { outTradeNo = '' } = useParams();
  const receipt = useActorRef(receiptMachine, { input: { outTradeNo } });
  return (
    <StandalonePage>
      <ReceiptView
        stage={useSelector(receipt, selectReceiptStage)}
        receipt={useSelector(receipt, selectReceipt)}
        error={useSelector(receipt, selectReceiptError)}
        timeZone={browserTimeZone()}
        onRetry={() => receipt.send({ type: 'receipt.retry' })}
        onPrint={() => window.print()}
      />
    </StandalonePage>
  );
}
