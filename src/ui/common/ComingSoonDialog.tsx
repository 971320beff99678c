import { Text } from '@chakra-ui/react';
import { DialogFrame } from './DialogFrame';

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
    <DialogFrame open={open} title={title} testId={testId} onClose={onClose} maxW={`min(${widthPx}px, 96vw)`} bodyPaddingBottom="8">
      <Text color="fg.muted">{body}</Text>
    </DialogFrame>
  );
}
