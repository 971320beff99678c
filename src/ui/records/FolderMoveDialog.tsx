import { Button, NativeSelect, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogFrame } from '../common/DialogFrame';

export interface FolderMoveChoice {
  id: string;
  name: string;
  depth: number;
}

export interface FolderMoveDialogProps {
  open: boolean;
  folderName: string;
  /** The folder's parent now; null is the top level. */
  currentParentId: string | null;
  /** Only the places the folder may go (the caller leaves out its own branch and too-deep places). */
  choices: readonly FolderMoveChoice[];
  /** Whether the branch fits at the top level. */
  topLevelAllowed: boolean;
  errorText?: string | undefined;
  busy: boolean;
  /** parentId null is the top level. */
  onMove(parentId: string | null): void;
  onCancel(): void;
}

// The select's value for the top level (never a folder id: ids are server-made numbers).
const TOP = '';

/** 'Move to…' for a folder: the tree's allowed places, indented by depth, plus the top level. */
export function FolderMoveDialog({ open, folderName, currentParentId, choices, topLevelAllowed, errorText, busy, onMove, onCancel }: FolderMoveDialogProps) {
  const { t } = useTranslation('records');
  const current = currentParentId ?? TOP;
  const [target, setTarget] = useState(current);
  useEffect(() => {
    if (open) setTarget(current);
  }, [open, current]);
  const nothingToChoose = choices.length === 0 && !topLevelAllowed;
  return (
    <DialogFrame
      open={open}
      title={t('moveFolderTitle', { name: folderName })}
      testId="folder-move-dialog"
      onClose={onCancel}
      footer={
        <>
          <Button variant="outline" onClick={onCancel}>
            {t('common:cancel')}
          </Button>
          <Button
            colorPalette="brand"
            loading={busy}
            disabled={nothingToChoose || target === current}
            onClick={() => onMove(target === TOP ? null : target)}
            data-testid="folder-move-confirm"
          >
            {t('move')}
          </Button>
        </>
      }
    >
              {nothingToChoose ? (
                <Text fontSize="sm" color="fg.muted" data-testid="folder-move-none">
                  {t('folderMoveNowhere')}
                </Text>
              ) : (
                <NativeSelect.Root>
                  <NativeSelect.Field aria-label={t('moveFolderTo')} value={target} onChange={(event) => setTarget(event.target.value)} data-testid="folder-move-parent">
                    {topLevelAllowed && <option value={TOP}>{t('topLevel')}</option>}
                    {choices.map((choice) => (
                      <option key={choice.id} value={choice.id}>
                        {`${'\u00a0\u00a0'.repeat(choice.depth + (topLevelAllowed ? 1 : 0))}${choice.name}`}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              )}
              {errorText && (
                <Text role="alert" mt="2" fontSize="sm" color="fg.error" data-testid="folder-move-error">
                  {errorText}
                </Text>
              )}
    </DialogFrame>
  );
}
