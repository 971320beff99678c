// /user/profile, the personal centre (features §2): basic information (avatar, nickname, name),
// account security (e-mail, phone, WeChat, password) and my QR code. One machine per form; this
// route wires them to the views and shows their notices as toasts.
import { Button, Heading, Separator, Stack, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  avatarUploadMachine,
  selectAvatarBusy,
  selectAvatarCropped,
  selectAvatarError,
  selectAvatarPreviewing,
  selectAvatarUrl,
} from '../../machines/account/avatarUpload.machine';
import {
  bindAccountMachine,
  selectBindAddress,
  selectBindBusy,
  selectBindCode,
  selectBindCodeSent,
  selectBindError,
  selectBindKind,
  selectBindOpen,
  selectBoundAddresses,
  selectCanBind,
  selectCanSendCode,
} from '../../machines/account/bindAccount.machine';
import {
  changePasswordMachine,
  selectPasswordError,
  selectPasswordOpen,
  selectPasswordProblemShown,
  selectPasswordSaving,
} from '../../machines/account/changePassword.machine';
import {
  myQrCodeMachine,
  selectQrCopying,
  selectQrLoadFailed,
  selectQrOpen,
  selectShareEnabled,
  selectShareSwitchBusy,
} from '../../machines/account/myQrCode.machine';
import { profileEditMachine, selectProfileEditing, selectProfileError, selectProfileSaving } from '../../machines/account/profileEdit.machine';
import {
  selectWechatBound,
  selectWechatBusy,
  selectWechatConfirming,
  selectWechatError,
  selectWechatQr,
  wechatBindingMachine,
} from '../../machines/account/wechatBinding.machine';
import type { Notice } from '../../machines/notice';
import { AccountSecurity } from '../../ui/account/AccountSecurity';
import { BindAddressDialog, ChangePasswordDialog, WechatDialogs } from '../../ui/account/AccountSecurityDialogs';
import { MyQrCodeDialog } from '../../ui/account/MyQrCodeDialog';
import { ProfileBasicInfo } from '../../ui/account/ProfileBasicInfo';
import { ProfileSummary } from '../../ui/account/ProfileSummary';
import { PageFrame } from '../../ui/pages/PageFrame';
import { useSessionActor, useSignedInUser } from '../shell/session-context';
import { showNotice } from '../shell/show-toast';
import { useQrDataUrl } from '../shell/use-qr-data-url';

type SignedInUser = NonNullable<ReturnType<typeof useSignedInUser>>;

/** An object address for the crop preview, revoked when the crop changes or the page leaves. */
function useObjectUrl(blob: Blob | null): string | null {
  const url = useMemo(() => (blob ? URL.createObjectURL(blob) : null), [blob]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}

function PersonalCentre({ user }: { user: SignedInUser }) {
  const { t } = useTranslation(['profile', 'voucher']);
  const profile = useActorRef(profileEditMachine, { input: { userId: user.id, nickname: user.nickname ?? null, name: user.name } });
  const avatar = useActorRef(avatarUploadMachine, { input: { url: user.avatar ?? null } });
  const bind = useActorRef(bindAccountMachine);
  const password = useActorRef(changePasswordMachine);
  const wechat = useActorRef(wechatBindingMachine, { input: { bound: user.wechatBound === true } });
  const myQrCode = useActorRef(myQrCodeMachine);
  const session = useSessionActor();

  useEffect(() => {
    const toast = (notice: Notice) => showNotice(notice, t);
    const subscriptions = [profile, avatar, bind, password, wechat, myQrCode].map((actor) =>
      (actor as { on(type: 'notice', listener: (notice: Notice) => void): { unsubscribe(): void } }).on('notice', toast),
    );
    // What the forms saved reaches the header (avatar menu) at once.
    subscriptions.push(
      profile.on('profile.saved', ({ nickname, name }) => session.send({ type: 'user.updated', changes: { nickname: nickname || null, name } })),
      avatar.on('avatar.changed', ({ url }) => session.send({ type: 'user.updated', changes: { avatar: url } })),
      bind.on('address.bound', ({ kind, value }) => session.send({ type: 'user.updated', changes: { [kind]: value } })),
    );
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [profile, avatar, bind, password, wechat, myQrCode, session, t]);

  const profileSnapshot = useSelector(profile, (s) => s);
  const editing = selectProfileEditing(profileSnapshot);
  const avatarUrl = useSelector(avatar, selectAvatarUrl);
  const previewUrl = useObjectUrl(useSelector(avatar, (s) => (selectAvatarPreviewing(s) ? selectAvatarCropped(s) : null)));
  const bound = useSelector(bind, selectBoundAddresses);
  const bindOpen = useSelector(bind, selectBindOpen);
  const passwordSnapshot = useSelector(password, (s) => s);
  const wechatQr = useQrDataUrl(useSelector(wechat, selectWechatQr), 212);
  const wechatScanning = useSelector(wechat, (s) => s.matches('starting') || s.matches('scanning'));
  const qrOpen = useSelector(myQrCode, selectQrOpen);
  const myPageUrl = `${window.location.origin}/myQrCodeMiddlePage?userId=${encodeURIComponent(user.id)}`;
  const myQr = useQrDataUrl(qrOpen ? myPageUrl : null);

  return (
    <Stack gap="8" maxW="2xl" data-testid="personal-centre">
      <ProfileBasicInfo
        displayName={profileSnapshot.context.savedNickname || profileSnapshot.context.savedName}
        avatarUrl={avatarUrl}
        previewUrl={previewUrl}
        avatarBusy={useSelector(avatar, selectAvatarBusy)}
        avatarError={useSelector(avatar, selectAvatarError)}
        onAvatarFile={(file) => avatar.send({ type: 'avatar.fileChosen', file })}
        onAvatarConfirm={() => avatar.send({ type: 'avatar.confirmed' })}
        onAvatarCancel={() => avatar.send({ type: 'avatar.cancelled' })}
        editing={editing}
        saving={selectProfileSaving(profileSnapshot)}
        nickname={profileSnapshot.context.nickname}
        name={profileSnapshot.context.name}
        savedNickname={profileSnapshot.context.savedNickname}
        savedName={profileSnapshot.context.savedName}
        profileError={selectProfileError(profileSnapshot)}
        onEdit={() => profile.send({ type: 'profile.edit' })}
        onNicknameChange={(value) => profile.send({ type: 'profile.nicknameChanged', value })}
        onNameChange={(value) => profile.send({ type: 'profile.nameChanged', value })}
        onSave={() => profile.send({ type: 'profile.submitted' })}
        onCancel={() => profile.send({ type: 'profile.cancel' })}
      />
      <Separator />
      <AccountSecurity
        email={bound.email ?? user.email ?? null}
        phone={bound.phone ?? user.phone ?? null}
        wechatBound={useSelector(wechat, selectWechatBound)}
        wechatBusy={useSelector(wechat, selectWechatBusy)}
        wechatError={useSelector(wechat, selectWechatError)}
        onBind={(kind) => bind.send({ type: 'bind.open', kind })}
        onWechatBind={() => wechat.send({ type: 'wechat.bind' })}
        onWechatUnbind={() => wechat.send({ type: 'wechat.unbind' })}
        onChangePassword={() => password.send({ type: 'password.open' })}
      />
      <Separator />
      <Stack as="section" gap="2" aria-labelledby="profile-qr">
        <Heading as="h2" size="md" id="profile-qr">
          {t('voucher:qrTitle')}
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          {t('profile:myQrHint')}
        </Text>
        <Button alignSelf="start" size="sm" variant="outline" onClick={() => myQrCode.send({ type: 'qr.open', userId: user.id })} data-testid="profile-my-qr">
          {t('profile:myQrOpen')}
        </Button>
      </Stack>

      <BindAddressDialog
        open={bindOpen}
        kind={useSelector(bind, selectBindKind)}
        address={useSelector(bind, selectBindAddress)}
        code={useSelector(bind, selectBindCode)}
        codeSent={useSelector(bind, selectBindCodeSent)}
        canSendCode={useSelector(bind, selectCanSendCode)}
        canBind={useSelector(bind, selectCanBind)}
        busy={useSelector(bind, selectBindBusy)}
        error={useSelector(bind, selectBindError)}
        onAddressChange={(value) => bind.send({ type: 'bind.addressChanged', value })}
        onCodeChange={(value) => bind.send({ type: 'bind.codeChanged', value })}
        onSendCode={() => bind.send({ type: 'bind.sendCode' })}
        onBind={() => bind.send({ type: 'bind.submitted' })}
        onClose={() => bind.send({ type: 'bind.close' })}
      />
      <ChangePasswordDialog
        open={selectPasswordOpen(passwordSnapshot)}
        oldPassword={passwordSnapshot.context.oldPassword}
        newPassword={passwordSnapshot.context.newPassword}
        confirmPassword={passwordSnapshot.context.confirmPassword}
        saving={selectPasswordSaving(passwordSnapshot)}
        problem={selectPasswordProblemShown(passwordSnapshot)}
        error={selectPasswordError(passwordSnapshot)}
        onChange={(field, value) =>
          password.send(
            field === 'old'
              ? { type: 'password.oldChanged', value }
              : field === 'new'
                ? { type: 'password.newChanged', value }
                : { type: 'password.confirmChanged', value },
          )
        }
        onSubmit={() => password.send({ type: 'password.submitted' })}
        onClose={() => password.send({ type: 'password.close' })}
      />
      <WechatDialogs
        qrDataUrl={wechatQr}
        scanning={wechatScanning}
        confirmingUnbind={useSelector(wechat, selectWechatConfirming)}
        busy={useSelector(wechat, selectWechatBusy)}
        onCancel={() => wechat.send({ type: 'wechat.cancel' })}
        onConfirmUnbind={() => wechat.send({ type: 'wechat.confirm' })}
      />
      <MyQrCodeDialog
        open={qrOpen}
        qrDataUrl={myQr}
        shareEnabled={useSelector(myQrCode, selectShareEnabled)}
        switchBusy={useSelector(myQrCode, selectShareSwitchBusy)}
        loadFailed={useSelector(myQrCode, selectQrLoadFailed)}
        copying={useSelector(myQrCode, selectQrCopying)}
        onClose={() => myQrCode.send({ type: 'qr.close' })}
        onShareChange={(enabled) => myQrCode.send({ type: 'qr.shareToggled', enabled })}
        onCopyImage={() => myQrCode.send({ type: 'qr.copyRequested', imageDataUrl: myQr })}
        onRetry={() => myQrCode.send({ type: 'qr.retry' })}
      />
    </Stack>
  );
}

export default function UserProfilePage() {
  const { t } = useTranslation('pages');
  const user = useSignedInUser();
  return <PageFrame title={t('userProfile')}>{user ? <PersonalCentre key={user.id} user={user} /> : <ProfileSummary user={null} />}</PageFrame>;
}
