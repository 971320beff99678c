import { Center, Spinner } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet } from 'react-router-dom';
import { fromPromise, type AnyActorLogic } from 'xstate';
import { APP_BUS_SYSTEM_ID, appBusMachine } from '../machines/appBus.machine';
import { purchaseDialogMachine, selectPurchaseEverOpened } from '../machines/purchase/purchaseDialog.machine';
import { selectPurchasesOffered } from '../machines/session/session.machine';
import { ApiEventsBridge } from './shell/api-events-bridge';
import { useDocumentTitle } from './shell/document-title';
import { AppBusProvider } from './shell/app-bus';
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

/**
 * Root of every route: the app bus (what areas tell each other), api events, toasts and the purchase
 * dialog any page opens by sending `purchase.open` on the bus.
 */
export default function RootRoute() {
  const bus = useActorRef(appBusMachine, { input: {}, systemId: APP_BUS_SYSTEM_ID });
  const purchase = useActorRef(purchaseDialogWithCode);
  const purchaseLoaded = useSelector(purchase, selectPurchaseEverOpened);
  // BILLING=off (permissions billing:false): the dialog opens for nobody, and the buttons hide.
  const billingOn = useSelector(useSessionActor(), selectPurchasesOffered);
  useEffect(() => purchase.send({ type: 'purchase.offered', offered: billingOn }), [purchase, billingOn]);
  // Whoever asks on the bus (a Buy button, a refusal, a refused call): the dialog opens on the named tab.
  useEffect(() => {
    const subscription = bus.on('purchase.open', ({ tab }) =>
      purchase.send({ type: 'purchase.open', ...(tab !== undefined ? { tab } : {}), queryTab: queryTab() }),
    );
    return () => subscription.unsubscribe();
  }, [bus, purchase]);
  const [toasterNeeded, setToasterNeeded] = useState(false);
  useEffect(() => whenToasterNeeded(() => setToasterNeeded(true)), []);
  useDocumentTitle();
  return (
    <AppBusProvider actor={bus}>
      <ApiEventsBridge />
      <Suspense fallback={<PageFallback />}>
        <Outlet />
      </Suspense>
      {purchaseLoaded && (
        <Suspense fallback={null}>
          <PurchaseDialogContainer dialog={purchase} />
        </Suspense>
      )}
      {toasterNeeded && (
        <Suspense fallback={null}>
          <AppToaster />
        </Suspense>
      )}
    </AppBusProvider>
  );
}
