import { Button, Input, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { FOLDER_NAME_MAX } from '../../shared/contract/limits';
import { DialogFrame } from '../common/DialogFrame';

export interface FolderDialogProps {
  open: boolean;
  mode: 'create' | 'rename';
  /** The parent's name when creating a sub-folder. */
  parentName?: string | undefined;
  name: string;
  errorText?: string | undefined;
  busy: boolean;
  onNameChange(name: string): void;
  onSubmit(): void;
  onCancel(): void;
}

/** platform §2 "New folder: one name input". The machine validates; the input also caps the length. */
export function FolderDialog({ open, mode, parentName, name, errorText, busy, onNameChange, onSubmit, onCancel }: FolderDialogProps) {
  const { t } = useTranslation('records');
  const title = mode === 'rename' ? t('renameFolder') : parentName ? t('newFolderIn', { name: parentName }) : t('newFolder');
  return (
    <DialogFrame
      open={open}
      title={title}
      testId="folder-dialog"
      onClose={onCancel}
      footer={
        <>
          <Button variant="outline" onClick={onCancel}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" form="folder-form" colorPalette="brand" loading={busy} data-testid="folder-save">
            {t('save')}
          </Button>
        </>
      }
    >
              <form
                id="folder-form"
                onSubmit={(event) => {
                  event.preventDefault();
                  onSubmit();
                }}
              >
                <Input
                  value={name}
                  maxLength={FOLDER_NAME_MAX}
                  placeholder={t('folderNamePlaceholder')}
                  aria-label={t('folderNamePlaceholder')}
                  aria-invalid={errorText ? true : undefined}
                  autoFocus
                  data-testid="folder-name-input"
                  onChange={(event) => onNameChange(event.target.value)}
                />
                {errorText && (
                  <Text role="alert" mt="2" fontSize="sm" color="fg.error" data-testid="folder-name-error">
                    {errorText}
                  </Text>
                )}
              </form>
    </DialogFrame>
  );
}
