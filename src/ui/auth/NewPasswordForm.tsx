// The form of /register and /resetPassword: e-mail (default) or phone, code, password, confirmation.
import { Button, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContactChannel } from './ChannelTabs';
import { ChannelTabs } from './ChannelTabs';
import type { CodeSendStatus } from './CodeField';
import { CodeField } from './CodeField';
import { FormAlert } from './FormAlert';
import { PhoneField } from './PhoneField';
import { TextField } from './TextField';

export type NewPasswordFieldName = 'email' | 'areaCode' | 'phone' | 'code' | 'password' | 'confirm';

export interface NewPasswordFormProps {
  /** data-testid prefix: 'register' gives register-username, register-code, … */
  testIdPrefix: string;
  submitLabel: string;
  passwordLabel: string;
  channel: ContactChannel;
  values: Record<NewPasswordFieldName, string>;
  /** i18n keys per field. */
  fieldErrors: Partial<Record<NewPasswordFieldName, string>>;
  formError?: string;
  submitting: boolean;
  codeSend: { status: CodeSendStatus; secondsLeft: number; sentOnce: boolean; error?: string };
  onChannelChange(channel: ContactChannel): void;
  onFieldChange(field: NewPasswordFieldName, value: string): void;
  onSendCode(): void;
  onSubmit(): void;
  links?: ReactNode;
}

export function NewPasswordForm(props: NewPasswordFormProps) {
  const { testIdPrefix: prefix, channel, values, fieldErrors, codeSend } = props;
  const { t } = useTranslation('auth');
  const errorOf = (field: NewPasswordFieldName) => {
    const key = fieldErrors[field];
    return key ? t(key) : undefined;
  };
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        props.onSubmit();
      }}
    >
      <Stack gap={4}>
        <ChannelTabs channel={channel} onChange={props.onChannelChange} testIdPrefix={prefix} />
        {channel === 'email' ? (
          <TextField
            name="email"
            type="email"
            inputMode="email"
            label={t('fields.email')}
            placeholder={t('fields.emailPlaceholder')}
            autoComplete="email"
            value={values.email}
            onChange={(value) => props.onFieldChange('email', value)}
            error={errorOf('email')}
            testId={`${prefix}-username`}
          />
        ) : (
          <PhoneField
            areaCode={values.areaCode}
            phone={values.phone}
            onAreaCodeChange={(value) => props.onFieldChange('areaCode', value)}
            onPhoneChange={(value) => props.onFieldChange('phone', value)}
            error={errorOf('phone')}
            testIdPrefix={prefix}
          />
        )}
        <CodeField
          value={values.code}
          onChange={(value) => props.onFieldChange('code', value)}
          onSend={props.onSendCode}
          sendStatus={codeSend.status}
          secondsLeft={codeSend.secondsLeft}
          sentOnce={codeSend.sentOnce}
          error={errorOf('code')}
          sendError={codeSend.error}
          testId={`${prefix}-code`}
          sendTestId={`${prefix}-send-code`}
        />
        <TextField
          name="password"
          type="password"
          label={props.passwordLabel}
          placeholder={t('fields.passwordPlaceholder')}
          autoComplete="new-password"
          hint={t('fields.passwordHint')}
          value={values.password}
          onChange={(value) => props.onFieldChange('password', value)}
          error={errorOf('password')}
          testId={`${prefix}-password`}
        />
        <TextField
          name="confirm"
          type="password"
          label={t('fields.confirm')}
          placeholder={t('fields.confirmPlaceholder')}
          autoComplete="new-password"
          value={values.confirm}
          onChange={(value) => props.onFieldChange('confirm', value)}
          error={errorOf('confirm')}
          testId={`${prefix}-password-confirm`}
        />
        <FormAlert text={props.formError} testId={`${prefix}-error`} />
        <Button type="submit" colorPalette="blue" size="lg" width="100%" loading={props.submitting} data-testid={`${prefix}-submit`}>
          {props.submitLabel}
        </Button>
        {props.links}
      </Stack>
    </form>
  );
}
