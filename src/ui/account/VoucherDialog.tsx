import { Button, Field, Input } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { DialogFrame } from '../common/DialogFrame';

export interface VoucherDialogProps {
  open: boolean;
  /** The input as typed. */
  code: string;
  /** False while the trimmed code is empty or an exchange runs (platform §5). */
  canExchange: boolean;
  busy: boolean;
  /** The last failure: the server's message or a message key. */
  error: { message?: string; messageKey?: string } | null;
  onCodeChange(code: string): void;
  onExchange(): void;
  onClose(): void;
}

export function VoucherDialog({ open, code, canExchange, busy, error, onCodeChange, onExchange, onClose }: VoucherDialogProps) {
  const { t } = useTranslation('voucher');
  const errorText = error ? (error.message ?? t(error.messageKey ?? 'exchangeFailed')) : null;
  return (
    <DialogFrame
      open={open}
      title={t('title')}
      testId="voucher-dialog"
      onClose={onClose}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button type="submit" form="voucher-form" colorPalette="brand" disabled={!canExchange} loading={busy} data-testid="voucher-exchange">
            {t('exchange')}
          </Button>
        </>
      }
    >
              <form
                id="voucher-form"
                onSubmit={(event) => {
                  event.preventDefault();
                  if (canExchange) onExchange();
                }}
              >
                <Field.Root invalid={!!errorText}>
                  <Input
                    value={code}
                    onChange={(event) => onCodeChange(event.target.value)}
                    placeholder={t('placeholder')}
                    aria-label={t('placeholder')}
                    data-testid="voucher-input"
                    autoFocus
                  />
                  {errorText && <Field.ErrorText data-testid="voucher-error">{errorText}</Field.ErrorText>}
                </Field.Root>
              </form>
    </DialogFrame>
  );
}
