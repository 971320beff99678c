// The dialogs of account security: bind or change an address with a code, change the password,
// scan WeChat's QR code, and confirm removing the WeChat binding.
import { Button, Field, HStack, Image, Input, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { DialogFrame } from '../common/DialogFrame';

type Shown = { message?: string; messageKey?: string } | null;

function useShown() {
  const { t } = useTranslation(['profile', 'auth']);
  return (shown: Shown) => (shown ? (shown.message ?? t(shown.messageKey ?? 'profile:failed')) : null);
}

export interface BindAddressDialogProps {
  open: boolean;
  kind: 'email' | 'phone';
  address: string;
  code: string;
  codeSent: boolean;
  canSendCode: boolean;
  canBind: boolean;
  busy: boolean;
  error: Shown;
  onAddressChange(value: string): void;
  onCodeChange(value: string): void;
  onSendCode(): void;
  onBind(): void;
  onClose(): void;
}

export function BindAddressDialog(props: BindAddressDialogProps) {
  const { t } = useTranslation('profile');
  const error = useShown()(props.error);
  return (
    <DialogFrame
      open={props.open}
      title={props.kind === 'email' ? t('bindEmailTitle') : t('bindPhoneTitle')}
      testId="bind-dialog"
      onClose={props.onClose}
      maxW="sm"
      footer={
        <>
          <Button variant="outline" onClick={props.onClose}>
            {t('cancel')}
          </Button>
          <Button type="submit" form="bind-form" colorPalette="brand" disabled={!props.canBind} loading={props.busy} data-testid="bind-submit">
            {t('bind')}
          </Button>
        </>
      }
    >
      <form
        id="bind-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (props.canBind) props.onBind();
        }}
      >
        <Stack gap="3">
          <Field.Root>
            <Field.Label>{props.kind === 'email' ? t('newEmail') : t('newPhone')}</Field.Label>
            <Input
              type={props.kind === 'email' ? 'email' : 'tel'}
              value={props.address}
              placeholder={props.kind === 'email' ? 'name@example.com' : '+86 138 0013 8000'}
              onChange={(e) => props.onAddressChange(e.target.value)}
              data-testid="bind-address"
              autoFocus
            />
          </Field.Root>
          <Field.Root invalid={!!error}>
            <Field.Label>{t('code')}</Field.Label>
            <HStack gap="2">
              <Input inputMode="numeric" maxLength={6} value={props.code} onChange={(e) => props.onCodeChange(e.target.value)} data-testid="bind-code" />
              <Button variant="outline" disabled={!props.canSendCode || props.busy} onClick={props.onSendCode} data-testid="bind-send-code">
                {props.codeSent ? t('resendCode') : t('sendCode')}
              </Button>
            </HStack>
            {props.codeSent && <Field.HelperText>{t('codeSentHint')}</Field.HelperText>}
            {error && <Field.ErrorText data-testid="bind-error">{error}</Field.ErrorText>}
          </Field.Root>
        </Stack>
      </form>
    </DialogFrame>
  );
}

export interface ChangePasswordDialogProps {
  open: boolean;
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
  saving: boolean;
  /** The rule the entries break (a key), when the machine says to show it. */
  problem: string | null;
  error: Shown;
  onChange(field: 'old' | 'new' | 'confirm', value: string): void;
  onSubmit(): void;
  onClose(): void;
}

export function ChangePasswordDialog(props: ChangePasswordDialogProps) {
  const { t } = useTranslation('profile');
  const shown = useShown();
  const message = shown(props.error) ?? (props.problem ? shown({ messageKey: props.problem }) : null);
  return (
    <DialogFrame
      open={props.open}
      title={t('changePassword')}
      testId="password-dialog"
      onClose={props.onClose}
      maxW="sm"
      footer={
        <>
          <Button variant="outline" onClick={props.onClose}>
            {t('cancel')}
          </Button>
          <Button
            type="submit"
            form="password-form"
            colorPalette="brand"
            loading={props.saving}
            aria-describedby={message ? 'password-error' : undefined}
            data-testid="password-submit"
          >
            {t('save')}
          </Button>
        </>
      }
    >
      <form
        id="password-form"
        onSubmit={(event) => {
          event.preventDefault();
          // The machine decides: it saves, or it says which rule is broken.
          props.onSubmit();
        }}
      >
        <Stack gap="3">
          <Field.Root>
            <Field.Label>{t('oldPassword')}</Field.Label>
            <Input type="password" autoComplete="current-password" value={props.oldPassword} onChange={(e) => props.onChange('old', e.target.value)} data-testid="password-old" autoFocus />
          </Field.Root>
          <Field.Root>
            <Field.Label>{t('newPassword')}</Field.Label>
            <Input type="password" autoComplete="new-password" value={props.newPassword} onChange={(e) => props.onChange('new', e.target.value)} data-testid="password-new" />
            <Field.HelperText>{t('passwordRule')}</Field.HelperText>
          </Field.Root>
          <Field.Root invalid={!!message}>
            <Field.Label>{t('confirmPassword')}</Field.Label>
            <Input type="password" autoComplete="new-password" value={props.confirmPassword} onChange={(e) => props.onChange('confirm', e.target.value)} data-testid="password-confirm" />
            {message && (
              <Field.ErrorText id="password-error" role="alert" data-testid="password-error">
                {message}
              </Field.ErrorText>
            )}
          </Field.Root>
        </Stack>
      </form>
    </DialogFrame>
  );
}

export interface WechatDialogsProps {
  qrDataUrl: string | null;
  scanning: boolean;
  confirmingUnbind: boolean;
  busy: boolean;
  onCancel(): void;
  onConfirmUnbind(): void;
}

export function WechatDialogs(props: WechatDialogsProps) {
  const { t } = useTranslation('profile');
  return (
    <>
      <DialogFrame open={props.scanning} title={t('wechatScanTitle')} testId="wechat-scan-dialog" onClose={props.onCancel} maxW="xs">
        <Stack align="center" gap="3">
          {props.qrDataUrl && <Image src={props.qrDataUrl} alt={t('wechatScanTitle')} w="212px" h="212px" data-testid="wechat-qr" />}
          <Text fontSize="sm" color="fg.muted" textAlign="center">
            {t('wechatScanHint')}
          </Text>
        </Stack>
      </DialogFrame>
      <DialogFrame
        open={props.confirmingUnbind}
        title={t('unbindWechatTitle')}
        testId="wechat-unbind-dialog"
        role="alertdialog"
        withoutCloseButton
        onClose={props.onCancel}
        maxW="xs"
        footer={
          <>
            <Button variant="outline" onClick={props.onCancel}>
              {t('cancel')}
            </Button>
            <Button colorPalette="red" loading={props.busy} onClick={props.onConfirmUnbind} data-testid="wechat-unbind-confirm">
              {t('unbind')}
            </Button>
          </>
        }
      >
        <Text>{t('unbindWechatText')}</Text>
      </DialogFrame>
    </>
  );
}
