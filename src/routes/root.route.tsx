import { Center, Spinner } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { Outlet } from 'react-router-dom';
import { fromPromise, type AnyActorLogic } from 'xstate';
import { appEventsMachine } from '../machines/appEvents.machine';
import { purchaseDialogMachine, selectPurchaseEverOpened, selectPurchaseOffered } from '../machines/purchase/purchaseDialog.machine';
import { selectPurchasesOffered } from '../machines/session/session.machine';
import { ApiEventsBridge } from './shell/api-events-bridge';
import { useDocumentTitle } from './shell/document-title';
import { PurchaseDialogContext, type PurchasePaidListener } from './purchase-dialog-context';
import { useSessionActor } from './shell/session-context';
import { withAllRecipes } from '../ui/system-provider';
import { whenToasterNeeded } from './shell/show-toast';

// Loaded on first open only, so /login does not carry the dialog.
// Both render recipes the sign-in pages do not register (dialog, toast): withAllRecipes loads them first.
const PurchaseDialogContainer = lazy(
  withAllRecipes(() => import('./shell/purchase-dialog-container').then((module) => ({ default: module.PurchaseDialogContainer }))),
);

// The payment's code (machine, calls, polling) is fetched the first time the dialog opens.
const purchaseDialogWithCode = purchaseDialogMachine.provide({
  actors: {
    loadPayment: fromPromise<AnyActorLogic, { tab: number }>(() =>
      import('../machines/purchase/payment.machine').then((module) => module.paymentMachine),
    ),
  },
});

/** features §4: the selPayIndex query names the tab the dialog opens on when no caller names one. */
function queryTab(): number | null {
  const value = new URLSearchParams(window.location.search).get('selPayIndex');
  return value === null || value.trim() === '' ? null : Number(value);
}

const AppToaster = lazy(withAllRecipes(() => import('../ui/toaster').then((module) => ({ default: module.AppToaster }))));

export function PageFallback() {
  return (
    <Center minH="50vh">
      <Spinner color="brand.solid" />
    </Center>
  );
}

/** Root of every route: api events, toasts and the purchase dialog any page can open. */
export default function RootRoute() {
  const appEvents = useActorRef(appEventsMachine, { input: {} });
  const purchase = useActorRef(purchaseDialogWithCode);
  const purchaseLoaded = useSelector(purchase, selectPurchaseEverOpened);
  // BILLING=off (permissions billing:false): the dialog opens for nobody, and the buttons hide.
  const billingOn = useSelector(useSessionActor(), selectPurchasesOffered);
  useEffect(() => purchase.send({ type: 'purchase.offered', offered: billingOn }), [purchase, billingOn]);
  const offered = useSelector(purchase, selectPurchaseOffered);
  const openPurchase = useCallback(
    (tab?: number) => purchase.send({ type: 'purchase.open', ...(tab !== undefined ? { tab } : {}), queryTab: queryTab() }),
    [purchase],
  );
  const paidListeners = useMemo(() => new Set<PurchasePaidListener>(), []);
  const tellPaid = useCallback<PurchasePaidListener>((paid) => paidListeners.forEach((listener) => listener(paid)), [paidListeners]);
  const control = useMemo(
    () => ({
      open: openPurchase,
      onPaid(listener: PurchasePaidListener) {
        paidListeners.add(listener);
        return () => void paidListeners.delete(listener);
      },
      offered,
    }),
    [openPurchase, paidListeners, offered],
  );
  const [toasterNeeded, setToasterNeeded] = useState(false);
  useEffect(() => whenToasterNeeded(() => setToasterNeeded(true)), []);
  useDocumentTitle();
  return (
    <PurchaseDialogContext.Provider value={control}>
      <ApiEventsBridge events={appEvents} onPurchaseOpen={openPurchase} />
      <Suspense fallback={<PageFallback />}>
        <Outlet />
      </Suspense>
      {purchaseLoaded && (
        <Suspense fallback={null}>
          <PurchaseDialogContainer dialog={purchase} onPaid={tellPaid} />
        </Suspense>
      )}
      {toasterNeeded && (
        <Suspense fallback={null}>
          <AppToaster />
        </Suspense>
      )}
    </PurchaseDialogContext.Provider>
  );
}
