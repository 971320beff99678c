// The frame both upload dialogs share (local transcription, AI dubbing): a centred dialog with the
// drop-or-choose area, the file rows (rendered by the caller), the area's own form fields, and
// cancel / confirm. Renders what it is given; the area's dialog supplies texts, test ids and fields.
import { Button, CloseButton, Dialog, Portal, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { FileDropZone, type FileDropZoneProps } from './FileDropZone';

export interface FileUploadDialogFrameProps {
  open: boolean;
  /** The element focus returns to on close (default: what had focus when the dialog opened). */
  finalFocusEl?: () => HTMLElement | null;
  testId: string;
  widthPx: number;
  title: string;
  /** Shown above the drop zone (a restore note). */
  notice?: ReactNode;
  dropZone: Omit<FileDropZoneProps, 'onFiles'>;
  listTestId: string;
  /** The rows of the file list (one per file). */
  fileRows: ReactNode;
  /** The area's form fields, below the file list. */
  children: ReactNode;
  /** Drawn over the dialog's content (a confirm). */
  overlay?: ReactNode;
  cancelLabel: string;
  confirmLabel: string;
  confirmTestId: string;
  canConfirm: boolean;
  submitting: boolean;
  closing: boolean;
  onClose(): void;
  onFilesChosen(files: File[]): void;
  onConfirm(): void;
}

export function FileUploadDialogFrame(props: FileUploadDialogFrameProps) {
  return (
    <Dialog.Root
      open={props.open}
      onOpenChange={(details) => !details.open && props.onClose()}
      placement="center"
      closeOnInteractOutside={false}
      {...(props.finalFocusEl ? { finalFocusEl: props.finalFocusEl } : {})}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={props.testId} maxW={`${props.widthPx}px`} w="calc(100vw - 32px)">
            <Dialog.Header>
              <Dialog.Title>{props.title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                {props.notice}
                <FileDropZone {...props.dropZone} onFiles={props.onFilesChosen} />
                <Stack gap="2" data-testid={props.listTestId}>
                  {props.fileRows}
                </Stack>
                {props.children}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={props.onClose} loading={props.closing}>
                {props.cancelLabel}
              </Button>
              <Button colorPalette="brand" disabled={!props.canConfirm} loading={props.submitting} onClick={props.onConfirm} data-testid={props.confirmTestId}>
                {props.confirmLabel}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
            {props.overlay}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
