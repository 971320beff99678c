import { Button, Dialog, NativeSelect, Portal } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface FolderChoice {
  id: string;
  name: string;
  depth: number;
}

export interface MoveDialogProps {
  open: boolean;
  recordName: string;
  currentFolderId: string;
  folders: readonly FolderChoice[];
  onMove(folderId: string): void;
  onCancel(): void;
}

export function MoveDialog({ open, recordName, currentFolderId, folders, onMove, onCancel }: MoveDialogProps) {
  const { t } = useTranslation('records');
  const [target, setTarget] = useState(currentFolderId);
  useEffect(() => {
    if (open) setTarget(currentFolderId);
  }, [open, currentFolderId]);
  return (
    <Dialog.Root open={open} placement="center" onOpenChange={(details) => !details.open && onCancel()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="record-move-dialog">
            <Dialog.Header>
              <Dialog.Title>{t('moveTitle', { name: recordName })}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <NativeSelect.Root>
                <NativeSelect.Field aria-label={t('moveTo')} value={target} onChange={(event) => setTarget(event.target.value)} data-testid="record-move-folder">
                  {folders.map((folder) => (
                    <option key={folder.id} value={folder.id}>
                      {`${'\u00a0\u00a0'.repeat(folder.depth)}${folder.name}`}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onCancel}>
                {t('common:cancel')}
              </Button>
              <Button colorPalette="brand" disabled={target === currentFolderId} onClick={() => onMove(target)} data-testid="record-move-confirm">
                {t('move')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
