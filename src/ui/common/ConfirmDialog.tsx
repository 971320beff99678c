import { Button, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { DialogFrame } from './DialogFrame';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  body: string;
  confirmLabel: string;
  busy?: boolean;
  testId: string;
  onConfirm(): void;
  onCancel(): void;
}

/** A destructive action's confirmation: says what will happen, then does it only on confirm. */
export function ConfirmDialog({ open, title, body, confirmLabel, busy, testId, onConfirm, onCancel }: ConfirmDialogProps) {
  const { t } = useTranslation('common');
  return (
    <DialogFrame
      open={open}
      role="alertdialog"
      title={title}
      testId={testId}
      onClose={onCancel}
      withoutCloseButton
      footer={
        <>
          <Button variant="outline" onClick={onCancel} data-testid={`${testId}-cancel`}>
            {t('cancel')}
          </Button>
          <Button colorPalette="red" loading={busy} onClick={onConfirm} data-testid={`${testId}-confirm`}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <Text>{body}</Text>
    </DialogFrame>
  );
}
