// E-mail or phone (with area code) and the verification code with its send button: the part the
// code sign-in form and the register / reset form share. Field errors are already translated.
import { useTranslation } from 'react-i18next';
import type { ContactChannel } from './ChannelTabs';
import { ChannelTabs } from './ChannelTabs';
import type { CodeSendStatus } from './CodeField';
import { CodeField } from './CodeField';
import { PhoneField } from './PhoneField';
import { TextField } from './TextField';

export type ContactCodeFieldName = 'email' | 'areaCode' | 'phone' | 'code';

export interface CodeSendView {
  status: CodeSendStatus;
  secondsLeft: number;
  sentOnce: boolean;
  error?: string;
}

/** What every form with a code field takes from its page: values and i18n error keys in, events out. */
export interface CodeFormProps<Field extends string> {
  channel: ContactChannel;
  values: Record<Field, string>;
  /** i18n keys per field. */
  fieldErrors: Partial<Record<Field, string>>;
  /** Translated text of a failed submit. */
  formError?: string;
  submitting: boolean;
  codeSend: CodeSendView;
  onChannelChange(channel: ContactChannel): void;
  onFieldChange(field: Field, value: string): void;
  onSendCode(): void;
  onSubmit(): void;
}

/** Translates a form's field errors (i18n keys) for display. */
export function useFieldErrorText<Field extends string>(fieldErrors: Partial<Record<Field, string>>) {
  const { t } = useTranslation('auth');
  return (field: Field): string | undefined => {
    const key = fieldErrors[field];
    return key ? t(key) : undefined;
  };
}

export interface ContactCodeFieldsProps {
  /** data-testid prefix of the tabs, phone, code and send button: 'login' gives login-code, … */
  testIdPrefix: string;
  emailTestId: string;
  channel: ContactChannel;
  values: Record<ContactCodeFieldName, string>;
  errorOf(field: ContactCodeFieldName): string | undefined;
  codeSend: CodeSendView;
  onChannelChange(channel: ContactChannel): void;
  onFieldChange(field: ContactCodeFieldName, value: string): void;
  onSendCode(): void;
}

export function ContactCodeFields(props: ContactCodeFieldsProps) {
  const { testIdPrefix: prefix, channel, values, errorOf, codeSend } = props;
  const { t } = useTranslation('auth');
  return (
    <>
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
          testId={props.emailTestId}
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
    </>
  );
}
