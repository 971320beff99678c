import { Center, Spinner } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { Outlet } from 'react-router-dom';
import { appEventsMachine } from '../machines/appEvents.machine';
import {
  purchaseDialogMachine,
  selectPurchaseEverOpened,
  selectPurchaseOpen,
  selectPurchaseTab,
} from '../machines/purchase/purchaseDialog.machine';
import { ApiEventsBridge } from './api-events-bridge';
import { useDocumentTitle } from './document-title';
import { PurchaseDialogContext } from './purchase-dialog-context';
import { withAllRecipes } from '../ui/system-provider';
import { whenToasterNeeded } from './show-toast';

// Loaded on first open only, so /login does not carry the dialog.
// Both render recipes the sign-in pages do not register (dialog, toast): withAllRecipes loads them first.
const PurchaseDialogShell = lazy(
  withAllRecipes(() => import('../ui/purchase/PurchaseDialogShell').then((module) => ({ default: module.PurchaseDialogShell }))),
);

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
  const purchase = useActorRef(purchaseDialogMachine);
  const purchaseOpen = useSelector(purchase, selectPurchaseOpen);
  const purchaseTab = useSelector(purchase, selectPurchaseTab);
  const purchaseLoaded = useSelector(purchase, selectPurchaseEverOpened);
  const openPurchase = useCallback((tab = 0) => purchase.send({ type: 'purchase.open', tab }), [purchase]);
  const control = useMemo(() => ({ open: openPurchase }), [openPurchase]);
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
          <PurchaseDialogShell open={purchaseOpen} tab={purchaseTab} onClose={() => purchase.send({ type: 'purchase.close' })} />
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
