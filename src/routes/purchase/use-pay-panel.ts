// Binds a running payment (payment.machine.ts) to the pay panel's props: narrow selectors for what
// it shows, the QR drawn from the order's text, and the view's choices turned into events.
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import {
  selectPayCategories,
  selectPayError,
  selectPayOrder,
  selectPayPackageId,
  selectPayStage,
  selectPayTab,
  selectPayType,
  type paymentMachine,
} from '../../machines/purchase/payment.machine';
import { PAY_QR_WIDTH_PX } from '../../shared/contract/limits';
import type { PayPanelProps } from '../../ui/purchase/PayPanel';
import type { PayMethod } from '../../ui/purchase/pay-view-types';
import { useQrDataUrl } from '../shell/use-qr-data-url';

export type PaymentActor = ActorRefFrom<typeof paymentMachine>;

export interface PayChoices {
  tab(tab: number): void;
  package(packageId: string): void;
  method(method: PayMethod): void;
  retry(): void;
}

/** The panel's props, or null while there is no payment (the dialog's code still loading). */
export function usePayPanel(payment: PaymentActor | undefined, choices: PayChoices, paypalInNewWindow: boolean): PayPanelProps | null {
  const stage = useSelector(payment, (snapshot) => (snapshot ? selectPayStage(snapshot) : null));
  const categories = useSelector(payment, (snapshot) => (snapshot ? selectPayCategories(snapshot) : []));
  const tab = useSelector(payment, (snapshot) => (snapshot ? selectPayTab(snapshot) : 0));
  const packageId = useSelector(payment, (snapshot) => (snapshot ? selectPayPackageId(snapshot) : null));
  const method = useSelector(payment, (snapshot) => (snapshot ? selectPayType(snapshot) : 'wxV3Pay'));
  const order = useSelector(payment, (snapshot) => (snapshot ? selectPayOrder(snapshot) : null));
  const error = useSelector(payment, (snapshot) => (snapshot ? selectPayError(snapshot) : null), sameText);
  const qrDataUrl = useQrDataUrl(order?.qrText ?? null, PAY_QR_WIDTH_PX);
  if (!payment || !stage) return null;
  return {
    stage,
    categories,
    tab,
    packageId,
    method,
    qrDataUrl,
    approvalUrl: order?.approvalUrl ?? null,
    paypalInNewWindow,
    error,
    onTab: choices.tab,
    onPackage: choices.package,
    onMethod: choices.method,
    onRetry: choices.retry,
  };
}

function sameText(a: { message?: string; messageKey?: string } | null, b: { message?: string; messageKey?: string } | null) {
  return a?.message === b?.message && a?.messageKey === b?.messageKey;
}

/** Whether this window is inside another page (the browser plugin's frame): PayPal then opens apart. */
export function isEmbedded(): boolean {
  try {
    return window.self !== window.top;
  } catch {
    // A cross-origin parent refuses the comparison: that is embedded too.
    return true;
  }
}
