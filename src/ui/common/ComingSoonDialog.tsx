import { CloseButton, Dialog, Portal, Text } from '@chakra-ui/react';

export interface ComingSoonDialogProps {
  open: boolean;
  title: string;
  body: string;
  widthPx: number;
  testId: string;
  onClose(): void;
}

/** Shell of a dialog whose content arrives with a later issue; it says so instead of pretending. */
export function ComingSoonDialog({ open, title, body, widthPx, testId, onClose }: ComingSoonDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(details) => !details.open && onClose()} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content maxW={`min(${widthPx}px, 96vw)`} data-testid={testId}>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body pb="8">
              <Text color="fg.muted">{body}</Text>
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
