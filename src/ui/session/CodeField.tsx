// Verification-code input with its send button; the button counts down until a resend is allowed.
import { Button, Field, HStack, Input } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

export type CodeSendStatus = 'idle' | 'sending' | 'countingDown';

export interface CodeFieldProps {
  value: string;
  onChange(value: string): void;
  onSend(): void;
  sendStatus: CodeSendStatus;
  secondsLeft: number;
  /** True once a code went out, so the button says "Resend". */
  sentOnce: boolean;
  testId: string;
  sendTestId: string;
  error?: string;
  sendError?: string;
}

export function CodeField(props: CodeFieldProps) {
  const { value, onChange, onSend, sendStatus, secondsLeft, sentOnce, testId, sendTestId, error, sendError } = props;
  const { t } = useTranslation('auth');
  const shownError = error ?? sendError;
  const buttonText =
    sendStatus === 'sending'
      ? t('actions.sending')
      : sendStatus === 'countingDown'
        ? t('actions.resendIn', { seconds: secondsLeft })
        : sentOnce
          ? t('actions.resend')
          : t('actions.sendCode');
  return (
    <Field.Root invalid={Boolean(shownError)}>
      <Field.Label>{t('fields.code')}</Field.Label>
      <HStack width="100%" gap={2}>
        <Input
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          value={value}
          placeholder={t('fields.codePlaceholder')}
          onChange={(e) => onChange(e.currentTarget.value)}
          data-testid={testId}
        />
        <Button
          type="button"
          variant="outline"
          flexShrink={0}
          minW="8.5rem"
          disabled={sendStatus !== 'idle'}
          onClick={onSend}
          data-testid={sendTestId}
        >
          {buttonText}
        </Button>
      </HStack>
      {shownError ? (
        <Field.ErrorText data-testid={`${testId}-error`}>{shownError}</Field.ErrorText>
      ) : sendStatus === 'countingDown' ? (
        <Field.HelperText>{t('hints.codeSent')}</Field.HelperText>
      ) : null}
    </Field.Root>
  );
}
