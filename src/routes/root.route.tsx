import { Center, Spinner } from '@chakra-ui/react';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { Outlet } from 'react-router-dom';
import { apiEvents$ } from '../api/app-events';
import { ApiEventsBridge } from './api-events-bridge';
import { useDocumentTitle } from './document-title';
import { PurchaseDialogContext } from './purchase-dialog-context';
import { whenToasterNeeded } from './show-toast';

// Loaded on first open only, so /login does not carry the dialog.
const PurchaseDialogShell = lazy(() =>
  import('../ui/purchase/PurchaseDialogShell').then((module) => ({ default: module.PurchaseDialogShell })),
);

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
  const [purchase, setPurchase] = useState<{ open: boolean; tab: number; everOpened: boolean }>({
    open: false,
    tab: 0,
    everOpened: false,
  });
  const openPurchase = useCallback((tab = 0) => setPurchase({ open: true, tab, everOpened: true }), []);
  const control = useMemo(() => ({ open: openPurchase }), [openPurchase]);
  const [toasterNeeded, setToasterNeeded] = useState(false);
  useEffect(() => whenToasterNeeded(() => setToasterNeeded(true)), []);
  useDocumentTitle();
  return (
    <PurchaseDialogContext.Provider value={control}>
      <ApiEventsBridge events$={apiEvents$} onPurchaseOpen={openPurchase} />
      <Suspense fallback={<PageFallback />}>
        <Outlet />
      </Suspense>
      {purchase.everOpened && (
        <Suspense fallback={null}>
          <PurchaseDialogShell
            open={purchase.open}
            tab={purchase.tab}
            onClose={() => setPurchase((state) => ({ ...state, open: false, tab: 0 }))}
          />
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
