import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useOpenedOnce } from '../common/use-opened-once';

export interface TermsDialogProps {
  open: boolean;
  onAccept(): void;
  onClose(): void;
}

/** The live interpreting terms; starting needs them accepted once. Mounted on first open. */
export function TermsDialog(props: TermsDialogProps) {
  return useOpenedOnce(props.open) ? <OpenedTermsDialog {...props} /> : null;
}

function OpenedTermsDialog({ open, onAccept, onClose }: TermsDialogProps) {
  const { t } = useTranslation('meetings');
  return (
    <Dialog.Root open={open} onOpenChange={(details) => !details.open && onClose()} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content maxW="min(560px, 96vw)" data-testid="meeting-terms-dialog">
            <Dialog.Header>
              <Dialog.Title>{t('termsTitle')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {(['termsRecording', 'termsConsent', 'termsAccuracy', 'termsSharing'] as const).map((key) => (
                <Text key={key} mb="3" color="fg.muted">
                  {t(key)}
                </Text>
              ))}
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose} data-testid="meeting-terms-decline">
                {t('termsDecline')}
              </Button>
              <Button colorPalette="brand" onClick={onAccept} data-testid="meeting-terms-accept">
                {t('termsAccept')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
