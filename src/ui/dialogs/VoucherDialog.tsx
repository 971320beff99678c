import { Button, CloseButton, Dialog, Input, Portal } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface VoucherDialogProps {
  open: boolean;
  busy: boolean;
  onClose(): void;
  /** Receives the trimmed code; never called with an empty one. */
  onExchange(code: string): void;
}

export function VoucherDialog({ open, busy, onClose, onExchange }: VoucherDialogProps) {
  const { t } = useTranslation('nav');
  const [code, setCode] = useState('');
  useEffect(() => {
    if (open) setCode('');
  }, [open]);
  const trimmed = code.trim();
  return (
    <Dialog.Root open={open} onOpenChange={(details) => !details.open && onClose()} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="voucher-dialog">
            <Dialog.Header>
              <Dialog.Title>{t('voucherTitle')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <form
                id="voucher-form"
                onSubmit={(event) => {
                  event.preventDefault();
                  if (trimmed) onExchange(trimmed);
                }}
              >
                <Input
                  value={code}
                  onChange={(event) => setCode(event.target.value)}
                  placeholder={t('voucherPlaceholder')}
                  aria-label={t('voucherPlaceholder')}
                  data-testid="voucher-input"
                  autoFocus
                />
              </form>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                {t('common:cancel')}
              </Button>
              <Button type="submit" form="voucher-form" colorPalette="brand" disabled={!trimmed} loading={busy} data-testid="voucher-exchange">
                {t('voucherExchange')}
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
