// The scaffold every Parley dialog is drawn in: centred, with a backdrop, a title, a body, an
// optional footer and (unless the dialog must be answered) a close button. The dialogs themselves
// only say what goes inside.
import { CloseButton, Dialog, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface DialogFrameProps {
  open: boolean;
  title: ReactNode;
  testId: string;
  /** Escape, the close button and (unless kept) an outside click all end up here. */
  onClose(): void;
  children: ReactNode;
  footer?: ReactNode;
  /** 'alertdialog' for confirmations of destructive actions. */
  role?: 'dialog' | 'alertdialog';
  /** Hide the corner close button (confirmations are answered by their buttons). */
  withoutCloseButton?: boolean;
  /** Width in px; the dialog never grows past the viewport. */
  widthPx?: number;
  maxW?: string;
  /** Dialogs that would lose work (purchase) close only by their button. */
  keepOnOutsideClick?: boolean;
  keepOnEscape?: boolean;
  bodyPaddingBottom?: string;
  contentProps?: Record<string, string | number | undefined>;
}

export function DialogFrame(props: DialogFrameProps) {
  const { open, title, testId, onClose, children, footer, role, withoutCloseButton, widthPx, maxW } = props;
  const size = widthPx !== undefined ? { maxW: `min(${widthPx}px, 96vw)`, w: `${widthPx}px` } : maxW ? { maxW } : {};
  return (
    <Dialog.Root
      open={open}
      placement="center"
      {...(role ? { role } : {})}
      {...(props.keepOnOutsideClick ? { closeOnInteractOutside: false } : {})}
      {...(props.keepOnEscape ? { closeOnEscape: false } : {})}
      onOpenChange={(details) => !details.open && onClose()}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content {...size} data-testid={testId} {...props.contentProps}>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body {...(props.bodyPaddingBottom ? { pb: props.bodyPaddingBottom } : {})}>{children}</Dialog.Body>
            {footer && <Dialog.Footer>{footer}</Dialog.Footer>}
            {!withoutCloseButton && (
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" data-testid={`${testId}-close`} />
              </Dialog.CloseTrigger>
            )}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
