import { Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { PURCHASE_DIALOG_WIDTH_PX } from '../../shared/contract/limits';
import { DialogFrame } from '../../shared/dialogs/DialogFrame';

export interface PurchaseDialogShellProps {
  open: boolean;
  tab: number;
  onClose(): void;
}

// features §2: 1210 px wide and closable only by its close button (not outside click, not Escape).
export function PurchaseDialogShell({ open, tab, onClose }: PurchaseDialogShellProps) {
  const { t } = useTranslation('nav');
  return (
    <DialogFrame
      open={open}
      title={t('purchaseTitle')}
      testId="purchase-dialog"
      onClose={onClose}
      widthPx={PURCHASE_DIALOG_WIDTH_PX}
      keepOnOutsideClick
      keepOnEscape
      bodyPaddingBottom="8"
      contentProps={{ 'data-tab': tab }}
    >
      <Text color="fg.muted">{t('purchaseComingSoon')}</Text>
    </DialogFrame>
  );
}
