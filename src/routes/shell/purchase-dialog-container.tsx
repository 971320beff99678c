// The purchase dialog as the app shows it: the dialog actor's state (open, the running payment)
// bound to the view, with the session's user and balances, the customer-service QR and the query's
// source (the browser plugin's media page hides the close button). Loaded the first time the
// dialog opens.
import { useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import { selectRightsPictureUrl, selectSandboxPayments } from '../../machines/purchase/payment.machine';
import { purchaseDialogMachine, selectPaymentActor, selectPurchaseOpen } from '../../machines/purchase/purchaseDialog.machine';
import { selectAccountDetail, selectIsSignedIn, selectUser } from '../../machines/session/session.machine';
import { PurchaseDialog, type BalanceView } from '../../ui/purchase/PurchaseDialog';
import { isEmbedded, usePayPanel } from '../purchase/use-pay-panel';
import { useAppBus } from './app-bus';
import { useSessionActor } from './session-context';
import { showNotice } from './show-toast';
import { CUSTOMER_SERVICE_MAIL, CUSTOMER_SERVICE_URL, HELP_CENTRE_PATH } from './shell-links';
import { useQrDataUrl } from './use-qr-data-url';

/** features §2: opened from the plugin's media page the dialog cannot be dismissed. */
const PLUGIN_MEDIA_SOURCE = 'browser_plugin_media';

const ACCOUNT_KINDS = [
  { kind: 'svipMember', labelKey: 'nav:accountSvip' },
  { kind: 'vipMember', labelKey: 'nav:accountVip' },
  { kind: 'duration', labelKey: 'nav:accountDuration' },
  { kind: 'smartDubbing', labelKey: 'nav:accountDubbing' },
] as const;

export interface PurchaseDialogContainerProps {
  dialog: ActorRefFrom<typeof purchaseDialogMachine>;
}

export function PurchaseDialogContainer({ dialog }: PurchaseDialogContainerProps) {
  const { t } = useTranslation(['purchase', 'nav']);
  const navigate = useNavigate();
  const location = useLocation();
  const session = useSessionActor();
  const bus = useAppBus();
  const open = useSelector(dialog, selectPurchaseOpen);
  const payment = useSelector(dialog, selectPaymentActor) ?? undefined;
  const user = useSelector(session, selectUser);
  const signedIn = useSelector(session, selectIsSignedIn);
  const accounts = useSelector(session, selectAccountDetail);
  const serviceQr = useQrDataUrl(open ? CUSTOMER_SERVICE_URL : null);
  const rightsPictureUrl = useSelector(payment, (snapshot) => (snapshot ? selectRightsPictureUrl(snapshot) : null));
  const sandbox = useSelector(payment, (snapshot) => (snapshot ? selectSandboxPayments(snapshot) : false));
  const choices = useMemo(
    () => ({
      tab: (tab: number) => dialog.send({ type: 'purchase.tabChanged', tab }),
      package: (packageId: string) => dialog.send({ type: 'pay.packageChosen', packageId }),
      method: (payType: 'wxV3Pay' | 'aliPay' | 'paypalV2Pay') => dialog.send({ type: 'pay.methodChosen', payType }),
      retry: () => dialog.send({ type: 'pay.retry' }),
    }),
    [dialog],
  );
  const panel = usePayPanel(payment, choices, isEmbedded());
  // A payment changes what the user may do: the entitlements are read again everywhere (the avatar
  // menu's blocks, the permissions meetings and vocabularies read), then the pages listening on the
  // bus are told (`purchase.paid`).
  // Subscribed here, not in the root, so /login does not carry it: nothing is paid before this mounts.
  useEffect(() => {
    const paid = dialog.on('purchase.paid', (event) => {
      session.send({ type: 'account.refresh' });
      bus.send({ type: 'purchase.paid', outTradeNo: event.outTradeNo, packageId: event.packageId });
    });
    const notices = dialog.on('notice', (notice) => showNotice(notice, t));
    return () => {
      paid.unsubscribe();
      notices.unsubscribe();
    };
  }, [dialog, session, bus, t]);
  const balances: BalanceView[] = ACCOUNT_KINDS.map(({ kind, labelKey }) => ({
    kind,
    label: t(labelKey),
    accountTypeName: accounts?.[kind]?.accountTypeName,
    remarkString: accounts?.[kind]?.remarkString,
  }));
  const hideClose = new URLSearchParams(location.search).get('source') === PLUGIN_MEDIA_SOURCE;
  return (
    <PurchaseDialog
      open={open}
      hideClose={hideClose}
      user={signedIn && user ? { name: user.nickname || user.name, avatar: user.avatar ?? null } : null}
      balances={balances}
      customerService={{ qrDataUrl: serviceQr, mail: CUSTOMER_SERVICE_MAIL, helpUrl: HELP_CENTRE_PATH }}
      rightsPictureUrl={rightsPictureUrl}
      sandbox={sandbox}
      panel={panel}
      onClose={() => dialog.send({ type: 'purchase.close' })}
      onAccount={() => {
        dialog.send({ type: 'purchase.close' });
        navigate('/user/account');
      }}
    />
  );
}
