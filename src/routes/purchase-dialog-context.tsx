// What any page may do with the purchase dialog: open it (on a tab, else the selPayIndex query's,
// else the stored one) and hear of a payment (features §4: the paid event), e.g. to reload bills or
// resume what the missing entitlement stopped.
import { createContext, useContext, useEffect } from 'react';

export type PurchasePaidListener = (paid: { outTradeNo: string; packageId: string }) => void;

export interface PurchaseDialogControl {
  open(tab?: number): void;
  /** Registers a listener for `purchase.paid`; returns its removal. */
  onPaid(listener: PurchasePaidListener): () => void;
  /** False under BILLING=off: purchase buttons are hidden (and open() does nothing). */
  offered: boolean;
}

export const PurchaseDialogContext = createContext<PurchaseDialogControl>({ open: () => undefined, onPaid: () => () => undefined, offered: true });

export function usePurchaseDialog(): PurchaseDialogControl {
  return useContext(PurchaseDialogContext);
}

/** Calls `listener` on every payment while the calling component is mounted. */
export function usePurchasePaid(listener: PurchasePaidListener): void {
  const { onPaid } = usePurchaseDialog();
  useEffect(() => onPaid(listener), [onPaid, listener]);
}
