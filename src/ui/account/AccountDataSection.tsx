// "Your data" on the personal centre (issue 29 item 5): export everything as one ZIP, and delete the
// account behind a confirmation that asks for the password, or for a code sent to the account's
// address when it has no password.
import { Button, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { DialogFrame } from '../common/DialogFrame';

type Shown = { message?: string; messageKey?: string } | null;

export interface AccountDataSectionProps {
  exporting: boolean;
  confirmOpen: boolean;
  proofKind: 'password' | 'code' | 'none';
  address: string | null;
  password: string;
  code: string;
  codeSent: boolean;
  sendingCode: boolean;
  deleting: boolean;
  mayConfirm: boolean;
  error: Shown;
  onExport(): void;
  onDeleteOpen(): void;
  onPasswordChange(value: string): void;
  onCodeChange(value: string): void;
  onSendCode(): void;
  onConfirm(): void;
  onCancel(): void;
}

function ProofField(props: AccountDataSectionProps & { errorText: string | null }) {
  const { t } = useTranslation('accountData');
  if (props.proofKind === 'none') return <Text data-testid="delete-no-proof">{t('noWayToConfirm')}</Text>;
  if (props.proofKind === 'password') {
    return (
      <Field.Root invalid={!!props.errorText}>
        <Text fontSize="sm">{t('confirmWithPassword')}</Text>
        <Field.Label>{t('passwordLabel')}</Field.Label>
        <Input type="password" autoComplete="current-password" value={props.password} onChange={(e) => props.onPasswordChange(e.target.value)} data-testid="delete-password" autoFocus />
        {props.errorText && <Field.ErrorText data-testid="delete-error">{props.errorText}</Field.ErrorText>}
      </Field.Root>
    );
  }
  return (
    <Field.Root invalid={!!props.errorText}>
      <Text fontSize="sm">{t('confirmWithCode', { address: props.address ?? '' })}</Text>
      <Field.Label>{t('codeLabel')}</Field.Label>
      <HStack gap="2">
        <Input inputMode="numeric" maxLength={6} autoComplete="one-time-code" value={props.code} onChange={(e) => props.onCodeChange(e.target.value)} data-testid="delete-code" />
        <Button variant="outline" loading={props.sendingCode} disabled={props.deleting} onClick={props.onSendCode} data-testid="delete-send-code">
          {props.codeSent ? t('resendCode') : t('sendCode')}
        </Button>
      </HStack>
      {props.codeSent && <Field.HelperText>{t('codeSent')}</Field.HelperText>}
      {props.errorText && <Field.ErrorText data-testid="delete-error">{props.errorText}</Field.ErrorText>}
    </Field.Root>
  );
}

export function AccountDataSection(props: AccountDataSectionProps) {
  const { t } = useTranslation(['accountData', 'auth', 'api']);
  const errorText = props.error ? (props.error.message ?? t(props.error.messageKey ?? 'accountData:failed')) : null;
  return (
    <Stack gap="4" borderWidth="1px" borderRadius="md" p="4" data-testid="account-data">
      <Text fontSize="md" fontWeight="semibold" as="h2">
        {t('dataTitle')}
      </Text>
      <Stack gap="2">
        <Text fontSize="sm" color="fg.muted">
          {t('exportHint')}
        </Text>
        <Button alignSelf="start" variant="outline" loading={props.exporting} onClick={props.onExport} data-testid="export-data">
          {t('exportButton')}
        </Button>
      </Stack>
      <Stack gap="2">
        <Text fontSize="sm" color="fg.muted">
          {t('deleteHint')}
        </Text>
        <Button alignSelf="start" variant="outline" colorPalette="red" onClick={props.onDeleteOpen} data-testid="delete-account">
          {t('deleteButton')}
        </Button>
      </Stack>
      <DialogFrame
        open={props.confirmOpen}
        title={t('confirmTitle')}
        testId="delete-account-dialog"
        role="alertdialog"
        onClose={props.onCancel}
        maxW="sm"
        footer={
          <>
            <Button variant="outline" onClick={props.onCancel} disabled={props.deleting}>
              {t('cancel')}
            </Button>
            <Button type="submit" form="delete-account-form" colorPalette="red" disabled={!props.mayConfirm} loading={props.deleting} data-testid="delete-confirm">
              {t('confirmDelete')}
            </Button>
          </>
        }
      >
        <form
          id="delete-account-form"
          onSubmit={(event) => {
            event.preventDefault();
            if (props.mayConfirm) props.onConfirm();
          }}
        >
          <Stack gap="3">
            <Text>{t('confirmText')}</Text>
            <ProofField {...props} errorText={errorText} />
          </Stack>
        </form>
      </DialogFrame>
    </Stack>
  );
}
