import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { selectAccountDetail, selectIsSignedIn, selectLocale, selectUser } from '../machines/session.machine';
import { ComingSoonDialog } from '../ui/dialogs/ComingSoonDialog';
import { MyQrCodeDialog } from '../ui/dialogs/MyQrCodeDialog';
import { VoucherDialog } from '../ui/dialogs/VoucherDialog';
import { AppHeader } from '../ui/layout/AppHeader';
import type { AccountKind, AvatarMenuAction } from '../ui/layout/AvatarMenu';
import type { NewMenuChoice } from '../ui/layout/NewMenu';
import { usePurchaseDialog } from './purchase-dialog-context';
import { useSessionActor } from './session-context';
import { showToast } from './show-toast';
import { exchangeVoucher, fetchShareStatus, saveShareStatus } from './shell-calls';
import { useQrDataUrl } from './use-qr-data-url';
import { useUploadDialog } from './uploads/upload-dialog-context';
import { FREE_TIME_GROUP_URL } from './shell-links';
import { DUB_DIALOG_WIDTH_PX, TOAST_DURATION_MS } from '../shared/limits';

// Purchase-dialog tab per account block (features §2 category tabs; dubbing packs are tab 2).
const PURCHASE_TAB: Record<AccountKind, number> = { svipMember: 0, vipMember: 1, smartDubbing: 2, duration: 3 };

type OpenDialog = 'voucher' | 'myQr' | 'dub' | null;

export interface ShellHeaderProps {
  isMobile: boolean;
  onOpenNav?: () => void;
}

export function ShellHeader({ isMobile, onOpenNav }: ShellHeaderProps) {
  const { t } = useTranslation('nav');
  const session = useSessionActor();
  const navigate = useNavigate();
  const location = useLocation();
  const purchase = usePurchaseDialog();
  const uploadDialog = useUploadDialog();
  const locale = useSelector(session, selectLocale);
  const user = useSelector(session, selectUser);
  const signedIn = useSelector(session, selectIsSignedIn);
  const accounts = useSelector(session, selectAccountDetail);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [voucherBusy, setVoucherBusy] = useState(false);
  const [shareEnabled, setShareEnabled] = useState(false);
  const [shareBusy, setShareBusy] = useState(false);

  const freeTimeQr = useQrDataUrl(isMobile ? null : FREE_TIME_GROUP_URL);
  const myPageUrl = signedIn && user ? `${window.location.origin}/myQrCodeMiddlePage?userId=${encodeURIComponent(user.id)}` : null;
  const myQr = useQrDataUrl(dialog === 'myQr' ? myPageUrl : null);

  const toast = (type: 'success' | 'error', title: string) => void showToast({ type, title, duration: TOAST_DURATION_MS });

  const onExchange = async (code: string) => {
    setVoucherBusy(true);
    const result = await exchangeVoucher(code);
    setVoucherBusy(false);
    if (result.ok) {
      toast('success', result.msg || t('voucherExchange'));
      setDialog(null);
      session.send({ type: 'account.refresh' });
    } else if (result.error.kind !== 'cancelled' && result.error.kind !== 'unauthorized') {
      const text = result.error.message || (result.error.messageKey ? t(result.error.messageKey, result.error.messageParams ?? {}) : t('common:error'));
      toast('error', text);
    }
  };

  const openMyQr = async () => {
    setDialog('myQr');
    if (!user) return;
    const result = await fetchShareStatus(user.id);
    if (result.ok) setShareEnabled(result.data?.shareStatus === '1');
  };

  const onShareChange = async (enabled: boolean) => {
    if (!user) return;
    setShareBusy(true);
    const result = await saveShareStatus(user.id, enabled ? '1' : '0');
    setShareBusy(false);
    if (result.ok) setShareEnabled(enabled);
  };

  const onCopyImage = async () => {
    try {
      if (!myQr) throw new Error('no image');
      const blob = await (await fetch(myQr)).blob();
      await navigator.clipboard.write([new ClipboardItem({ [blob.type]: blob })]);
      toast('success', t('qrCopied'));
    } catch {
      toast('error', t('qrCopyFailed'));
    }
  };

  const onAvatarAction = (action: AvatarMenuAction) => {
    if (action === 'profile') navigate('/user/profile');
    else if (action === 'bills') navigate('/user/account');
    else if (action === 'myQrCode') void openMyQr();
    else session.send({ type: 'session.logout' });
  };

  const onNew = (choice: NewMenuChoice) => {
    if (choice === 'meeting') navigate('/meeting');
    // platform §4: the dialog pre-selects the folder the record list is showing, if any.
    else if (choice === 'upload') uploadDialog.open({ folderId: location.pathname === '/recordList' ? new URLSearchParams(location.search).get('folderId') : null });
    else setDialog(choice);
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
        isMobile={isMobile}
        {...(onOpenNav ? { onOpenNav } : {})}
        onHome={() => navigate('/')}
        onLocaleChange={(next) => session.send({ type: 'locale.change', locale: next })}
        onVoucher={() => setDialog('voucher')}
        onPurchase={() => purchase.open(0)}
        onLogin={onLogin}
        onAvatarAction={onAvatarAction}
        onBuy={(kind) => purchase.open(PURCHASE_TAB[kind])}
        onNew={onNew}
      />
      <VoucherDialog open={dialog === 'voucher'} busy={voucherBusy} onClose={() => setDialog(null)} onExchange={onExchange} />
      <MyQrCodeDialog
        open={dialog === 'myQr'}
        qrDataUrl={myQr}
        shareEnabled={shareEnabled}
        switchBusy={shareBusy}
        onClose={() => setDialog(null)}
        onShareChange={onShareChange}
        onCopyImage={onCopyImage}
      />
      <ComingSoonDialog
        open={dialog === 'dub'}
        title={t('dubTitle')}
        body={t('dubComingSoon')}
        widthPx={DUB_DIALOG_WIDTH_PX}
        testId="dub-dialog"
        onClose={() => setDialog(null)}
      />
    </>
  );
}
