import { useActorRef, useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import {
  myQrCodeMachine,
  selectQrCopying,
  selectQrLoadFailed,
  selectQrOpen,
  selectShareEnabled,
  selectShareSwitchBusy,
} from '../../machines/account/myQrCode.machine';
import type { Notice } from '../../machines/notice';
import { selectAccountDetail, selectIsSignedIn, selectLocale, selectUser } from '../../machines/session/session.machine';
import {
  selectCanExchange,
  selectVoucherBusy,
  selectVoucherCode,
  selectVoucherError,
  selectVoucherOpen,
  voucherMachine,
} from '../../machines/account/voucher.machine';
import { MyQrCodeDialog } from '../../ui/account/MyQrCodeDialog';
import { VoucherDialog } from '../../ui/account/VoucherDialog';
import { AppHeader } from '../../ui/layout/AppHeader';
import type { AccountKind, AvatarMenuAction } from '../../ui/layout/AvatarMenu';
import type { NewMenuChoice } from '../../ui/layout/NewMenu';
import { PURCHASE_TAB_OF_ACCOUNT } from '../../shared/contract/purchase-tabs';
import { useAppBus, useTellRecordsChanged } from './app-bus';
import { useAvatarMenuUsage } from './avatar-menu-usage';
import { usePurchasesOffered, useSessionActor } from './session-context';
import { showNotice } from './show-toast';
import { useQrDataUrl } from './use-qr-data-url';
import { useUploadDialog } from '../uploads/upload-dialog-context';
import { FREE_TIME_GROUP_URL } from './shell-links';


// The AI dubbing dialog (and the block upload SDK behind it) loads on the first New → AI dubbing.
const DubUploadDialog = lazy(() => import('../dubbing/dub-upload-dialog'));

export interface ShellHeaderProps {
  isMobile: boolean;
  onOpenNav?: () => void;
}

export function ShellHeader({ isMobile, onOpenNav }: ShellHeaderProps) {
  const { t } = useTranslation('nav');
  const session = useSessionActor();
  const navigate = useNavigate();
  const location = useLocation();
  const bus = useAppBus();
  const purchasesOffered = usePurchasesOffered();
  // Dubbing started: the new tasks are records, so every mounted record list reads again.
  const recordsChanged = useTellRecordsChanged();
  const uploadDialog = useUploadDialog();
  const locale = useSelector(session, selectLocale);
  const user = useSelector(session, selectUser);
  const signedIn = useSelector(session, selectIsSignedIn);
  const accounts = useSelector(session, selectAccountDetail);
  const [dubRequests, setDubRequests] = useState(0);
  const voucher = useActorRef(voucherMachine);
  const myQrCode = useActorRef(myQrCodeMachine);
  const usageToday = useAvatarMenuUsage();
  const voucherOpen = useSelector(voucher, selectVoucherOpen);
  const voucherCode = useSelector(voucher, selectVoucherCode);
  const canExchange = useSelector(voucher, selectCanExchange);
  const voucherBusy = useSelector(voucher, selectVoucherBusy);
  const voucherError = useSelector(voucher, selectVoucherError);
  const qrOpen = useSelector(myQrCode, selectQrOpen);
  const shareEnabled = useSelector(myQrCode, selectShareEnabled);
  const shareBusy = useSelector(myQrCode, selectShareSwitchBusy);
  const qrLoadFailed = useSelector(myQrCode, selectQrLoadFailed);
  const qrCopying = useSelector(myQrCode, selectQrCopying);
  // The dialogs' namespace loads on first use, so they mount (inside Suspense) only once asked for.
  const [voucherMounted, setVoucherMounted] = useState(false);
  const [qrMounted, setQrMounted] = useState(false);
  // Drawn when the popover first opens: at load it was a long task of every desktop page (issue 27).
  const [freeTimeAsked, setFreeTimeAsked] = useState(false);
  const freeTimeQr = useQrDataUrl(freeTimeAsked && !isMobile ? FREE_TIME_GROUP_URL : null);
  const myPageUrl = signedIn && user ? `${window.location.origin}/myQrCodeMiddlePage?userId=${encodeURIComponent(user.id)}` : null;
  const myQr = useQrDataUrl(qrOpen ? myPageUrl : null);

  // platform §8 'Voucher exchange' and 'QR copy': the machines emit notices, shown here as toasts.
  useEffect(() => {
    const toast = (notice: Notice) => showNotice(notice, t);
    const voucherNotices = voucher.on('notice', (notice) => {
      toast(notice);
      // A redeemed voucher changes the account blocks of the avatar menu.
      if (notice.level === 'success') session.send({ type: 'account.refresh' });
    });
    const qrNotices = myQrCode.on('notice', toast);
    return () => {
      voucherNotices.unsubscribe();
      qrNotices.unsubscribe();
    };
  }, [voucher, myQrCode, session, t]);

  const openVoucher = () => {
    setVoucherMounted(true);
    voucher.send({ type: 'voucher.open' });
  };

  const openMyQr = () => {
    if (!user) return;
    setQrMounted(true);
    myQrCode.send({ type: 'qr.open', userId: user.id });
  };

  const onAvatarAction = (action: AvatarMenuAction) => {
    if (action === 'profile') navigate('/user/profile');
    else if (action === 'bills') navigate('/user/account');
    else if (action === 'myQrCode') openMyQr();
    else session.send({ type: 'session.logout' });
  };

  const onNew = (choice: NewMenuChoice) => {
    if (choice === 'meeting') navigate('/meeting');
    // platform §4: the dialog pre-selects the folder the record list is showing, if any.
    else if (choice === 'upload') uploadDialog.open({ folderId: location.pathname === '/recordList' ? new URLSearchParams(location.search).get('folderId') : null });
    else setDubRequests((count) => count + 1);
  };

  const onLogin = () => {
    const here = `${location.pathname}${location.search}`;
    navigate(here === '/' ? '/login' : `/login?redirect=${encodeURIComponent(here)}`);
  };

  return (
    <>
      <AppHeader
        locale={locale}
        user={signedIn && user ? { name: user.nickname || user.name, avatar: user.avatar } : null}
        accounts={accounts}
        freeTimeQrDataUrl={freeTimeQr}
        onFreeTimeOpen={() => setFreeTimeAsked(true)}
        isMobile={isMobile}
        {...(onOpenNav ? { onOpenNav } : {})}
        onHome={() => navigate('/')}
        onLocaleChange={(next) => session.send({ type: 'locale.change', locale: next })}
        onVoucher={openVoucher}
        {...(purchasesOffered
          ? {
              onPurchase: () => bus.send({ type: 'purchase.open' }),
              onBuy: (kind: AccountKind) => bus.send({ type: 'purchase.open', tab: PURCHASE_TAB_OF_ACCOUNT[kind] }),
            }
          : {})}
        onLogin={onLogin}
        onAvatarAction={onAvatarAction}
        onNew={onNew}
        avatarMenuUsage={usageToday.usage}
        onAvatarMenuOpen={usageToday.onOpen}
      />
      {voucherMounted && (
        <Suspense fallback={null}>
          <VoucherDialog
            open={voucherOpen}
            code={voucherCode}
            canExchange={canExchange}
            busy={voucherBusy}
            error={voucherError}
            onCodeChange={(code) => voucher.send({ type: 'voucher.codeChanged', code })}
            onExchange={() => voucher.send({ type: 'voucher.submitted' })}
            onClose={() => voucher.send({ type: 'voucher.close' })}
          />
        </Suspense>
      )}
      {qrMounted && (
        <Suspense fallback={null}>
          <MyQrCodeDialog
            open={qrOpen}
            qrDataUrl={myQr}
            shareEnabled={shareEnabled}
            switchBusy={shareBusy}
            loadFailed={qrLoadFailed}
            copying={qrCopying}
            onClose={() => myQrCode.send({ type: 'qr.close' })}
            onShareChange={(enabled) => myQrCode.send({ type: 'qr.shareToggled', enabled })}
            onCopyImage={() => myQrCode.send({ type: 'qr.copyRequested', imageDataUrl: myQr })}
            onRetry={() => myQrCode.send({ type: 'qr.retry' })}
          />
        </Suspense>
      )}
      {dubRequests > 0 && (
        <Suspense fallback={null}>
          <DubUploadDialog
            openCount={dubRequests}
            userId={user?.id ?? null}
            onSuccess={recordsChanged}
            folderId={location.pathname === '/recordList' ? new URLSearchParams(location.search).get('folderId') : null}
          />
        </Suspense>
      )}
    </>
  );
}
