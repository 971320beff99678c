import { Center, Spinner } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { appEventsMachine } from '../machines/appEvents.machine';
import { purchaseDialogMachine, selectPurchaseEverOpened } from '../machines/purchase/purchaseDialog.machine';
import { ApiEventsBridge } from './api-events-bridge';
import { useDocumentTitle } from './document-title';
import { PurchaseDialogContext, type PurchasePaidListener } from './purchase-dialog-context';
import { useSessionActor } from './session-context';
import { showNotice, whenToasterNeeded } from './show-toast';

// Loaded on first open only, so /login does not carry the dialog.
const PurchaseDialogContainer = lazy(() =>
  import('./purchase-dialog-container').then((module) => ({ default: module.PurchaseDialogContainer })),
);

/** features §4: the selPayIndex query names the tab the dialog opens on when no caller names one. */
function queryTab(): number | null {
  const value = new URLSearchParams(window.location.search).get('selPayIndex');
  return value === null || value.trim() === '' ? null : Number(value);
}

const AppToaster = lazy(() => import('../ui/toaster').then((module) => ({ default: module.AppToaster })));

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
  const purchaseLoaded = useSelector(purchase, selectPurchaseEverOpened);
  const session = useSessionActor();
  const { t } = useTranslation();
  const openPurchase = useCallback(
    (tab?: number) => purchase.send({ type: 'purchase.open', ...(tab !== undefined ? { tab } : {}), queryTab: queryTab() }),
    [purchase],
  );
  const paidListeners = useMemo(() => new Set<PurchasePaidListener>(), []);
  const control = useMemo(
    () => ({
      open: openPurchase,
      onPaid(listener: PurchasePaidListener) {
        paidListeners.add(listener);
        return () => void paidListeners.delete(listener);
      },
    }),
    [openPurchase, paidListeners],
  );
  // A payment changes what the user may do: the entitlements are read again everywhere (the avatar
  // menu's blocks, the permissions meetings and vocabularies read), then anyone listening is told.
  useEffect(() => {
    const paid = purchase.on('purchase.paid', (event) => {
      session.send({ type: 'account.refresh' });
      paidListeners.forEach((listener) => listener({ outTradeNo: event.outTradeNo, packageId: event.packageId }));
    });
    const notices = purchase.on('notice', (notice) => showNotice(notice, t));
    return () => {
      paid.unsubscribe();
      notices.unsubscribe();
    };
  }, [purchase, session, paidListeners, t]);
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
          <PurchaseDialogContainer dialog={purchase} />
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
