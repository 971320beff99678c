// What every form with a verification code takes from its page, and how it shows field errors:
// kept apart from ContactCodeFields so the sign-in form can load those fields on demand.
import { useTranslation } from 'react-i18next';
import type { ContactChannel } from './ChannelTabs';
import type { CodeSendStatus } from './CodeField';

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
