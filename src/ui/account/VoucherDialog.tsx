import { Button, CloseButton, Dialog, Field, Input, Portal } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

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
    <Dialog.Root open={open} onOpenChange={(details) => !details.open && onClose()} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="voucher-dialog">
            <Dialog.Header>
              <Dialog.Title>{t('title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
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
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                {t('cancel')}
              </Button>
              <Button type="submit" form="voucher-form" colorPalette="brand" disabled={!canExchange} loading={busy} data-testid="voucher-exchange">
                {t('exchange')}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
