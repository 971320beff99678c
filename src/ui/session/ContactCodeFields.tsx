// E-mail or phone (with area code) and the verification code with its send button: the part the
// code sign-in form and the register / reset form share. Field errors are already translated.
import { Spinner } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { withAllRecipes } from '../system-provider';
import type { ContactChannel } from './ChannelTabs';
import { ChannelTabs } from './ChannelTabs';
import { CodeField } from './CodeField';
import type { CodeSendView } from './code-form-props';
import { TextField } from './TextField';

export type { CodeFormProps, CodeSendView } from './code-form-props';
export { useFieldErrorText } from './code-form-props';

// The phone number with its area-code picker loads when the phone channel is first chosen (e-mail
// is the default), with the select recipe the sign-in pages' first paint does not register.
const PhoneField = lazy(withAllRecipes(() => import('./PhoneField').then((module) => ({ default: module.PhoneField }))));

export type ContactCodeFieldName = 'email' | 'areaCode' | 'phone' | 'code';

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
        <Suspense fallback={<Spinner size="sm" alignSelf="center" />}>
          <PhoneField
            areaCode={values.areaCode}
            phone={values.phone}
            onAreaCodeChange={(value) => props.onFieldChange('areaCode', value)}
            onPhoneChange={(value) => props.onFieldChange('phone', value)}
            error={errorOf('phone')}
            testIdPrefix={prefix}
          />
        </Suspense>
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
