import { createContext, useContext } from 'react';

export interface PurchaseDialogControl {
  open(tab?: number): void;
}

export const PurchaseDialogContext = createContext<PurchaseDialogControl>({ open: () => undefined });

export function usePurchaseDialog(): PurchaseDialogControl {
  return useContext(PurchaseDialogContext);
}
