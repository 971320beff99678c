import { CloseButton, Dialog, Portal, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { PURCHASE_DIALOG_WIDTH_PX } from '../../shared/contract/limits';

export interface PurchaseDialogShellProps {
  open: boolean;
  tab: number;
  onClose(): void;
}

// features §2: 1210 px wide and closable only by its close button (not outside click, not Escape).
export function PurchaseDialogShell({ open, tab, onClose }: PurchaseDialogShellProps) {
  const { t } = useTranslation('nav');
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => !details.open && onClose()}
      closeOnInteractOutside={false}
      closeOnEscape={false}
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content maxW={`min(${PURCHASE_DIALOG_WIDTH_PX}px, 96vw)`} w={`${PURCHASE_DIALOG_WIDTH_PX}px`} data-testid="purchase-dialog" data-tab={tab}>
            <Dialog.Header>
              <Dialog.Title>{t('purchaseTitle')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body pb="8">
              <Text color="fg.muted">{t('purchaseComingSoon')}</Text>
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" data-testid="purchase-dialog-close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
