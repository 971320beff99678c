// The upload dialog lives once per main layout: the New menu opens it for a new upload, the
// record list's restore banner opens it in restore mode. Both reach it through this context.
import { useActorRef, useSelector } from '@xstate/react';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  selectCanConfirm,
  selectConfirmingRemoval,
  selectDialogContext,
  selectIsClosing,
  selectIsOpen,
  selectIsSubmitting,
  uploadDialogMachine,
  type DialogFile,
  type InterruptedUploadInfo,
  type RestoreSettings,
} from '../../machines/uploads/uploadDialog.machine';
import { selectFileContext, selectFileRowStatus } from '../../machines/file-upload/fileUpload.machine';
import { folderChoices, type FolderChoice } from '../../machines/uploads/uploadDialog.rules';
import { TOAST_DURATION_MS } from '../../shared/contract/limits';
import { UploadDialog, UploadFileRow } from '../../ui/uploads/UploadDialog';
import { ENTITLEMENT_PURCHASE_TAB } from '../../shared/contract/purchase-tabs';
import { useAppBus } from '../shell/app-bus';
import { showToast } from '../shell/show-toast';

export interface OpenUploadOptions {
  folderId?: string | null;
  folderName?: string;
  restore?: RestoreSettings;
  interrupted?: InterruptedUploadInfo | null;
}

export interface UploadDialogControl {
  open(options?: OpenUploadOptions): void;
  /** Calls back after each submit (records were added); the dialog actor's own emitted event. */
  onSubmitted(listener: () => void): { unsubscribe(): void };
}

const UploadDialogContext = createContext<UploadDialogControl>({ open: () => undefined, onSubmitted: () => ({ unsubscribe: () => undefined }) });

export function useUploadDialog(): UploadDialogControl {
  return useContext(UploadDialogContext);
}

function FileRowContainer({ file, onRemove }: { file: DialogFile; onRemove(): void }) {
  const { t } = useTranslation('uploadDialog');
  const status = useSelector(file.ref, selectFileRowStatus);
  const { errorKey, errorMessage, size, percent } = useSelector(file.ref, selectFileContext);
  const errorText = status === 'failed' ? (errorMessage ?? (errorKey ? t(errorKey) : undefined)) : undefined;
  return (
    <UploadFileRow
      name={file.name}
      sizeBytes={size}
      status={status}
      percent={percent}
      {...(errorText ? { errorText } : {})}
      onRemove={onRemove}
      onRetry={() => file.ref.send({ type: 'file.retry' })}
    />
  );
}

/**
 * `folders`: the user's folders in tree order, for the form's folder field (the uploads-records
 * junction passes the layout's folder tree: the records area's, which this area does not reach itself).
 */
export function UploadDialogProvider({ folders, children }: { folders: readonly FolderChoice[]; children: ReactNode }) {
  const { t } = useTranslation('uploadDialog');
  const bus = useAppBus();
  const actor = useActorRef(uploadDialogMachine);
  const open = useSelector(actor, selectIsOpen);
  const context = useSelector(actor, selectDialogContext);
  const canConfirm = useSelector(actor, selectCanConfirm);
  const submitting = useSelector(actor, selectIsSubmitting);
  const closing = useSelector(actor, selectIsClosing);
  const confirmingRemoval = useSelector(actor, selectConfirmingRemoval);
  const folderOptions = useMemo(() => folderChoices(folders, context.form, t('defaultFolder')), [folders, context.form, t]);

  useEffect(() => {
    const toast = (type: 'warning' | 'error' | 'success', title: string) => void showToast({ type, title, duration: TOAST_DURATION_MS });
    const subscriptions = [
      actor.on('upload.warning', (event) => toast('warning', t(event.messageKey))),
      actor.on('upload.error', (event) => toast('error', event.message || t(event.messageKey ?? 'submitFailed'))),
      actor.on('upload.needsPurchase', () => bus.send({ type: 'purchase.open', tab: ENTITLEMENT_PURCHASE_TAB })),
      actor.on('upload.submitted', () => {
        toast('success', t('submitted'));
        // The submit added records: every mounted record list reads again.
        bus.send({ type: 'records.changed' });
      }),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [actor, bus, t]);

  // Where focus goes back when the dialog closes: what had it when the dialog was asked for (the New
  // menu focuses its trigger before choosing). The dialog's own memory is what has focus when it
  // mounts, which under load can be a menu item that is gone by the time the dialog closes.
  const opener = useRef<HTMLElement | null>(null);
  const openDialog = useCallback(
    (options: OpenUploadOptions = {}) => {
      opener.current = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
      actor.send({ type: 'dialog.open', ...options });
    },
    [actor],
  );
  const control = useMemo(
    () => ({ open: openDialog, onSubmitted: (listener: () => void) => actor.on('upload.submitted', listener) }),
    [openDialog, actor],
  );

  const pending = context.files.find((file) => file.id === context.pendingRemovalId);
  const resumeFileName =
    context.interrupted?.status === 'uploading' && context.files.length === 0 ? context.interrupted.oriFileName : null;

  return (
    <UploadDialogContext.Provider value={control}>
      {children}
      <UploadDialog
        open={open}
        finalFocusEl={() => (opener.current?.isConnected ? opener.current : null)}
        form={context.form}
        transcribeLanguages={context.languages.transcribeLanguage}
        translationLanguages={context.languages.translation}
        nameError={context.nameError}
        canConfirm={canConfirm}
        submitting={submitting}
        closing={closing}
        restoreMode={context.restoreMode}
        resumeFileName={resumeFileName}
        removal={confirmingRemoval && pending ? { name: pending.name, uploaded: pending.status === 'uploaded' } : null}
        fileRows={context.files.map((file) => (
          <FileRowContainer key={file.id} file={file} onRemove={() => actor.send({ type: 'file.remove', fileId: file.id })} />
        ))}
        onClose={() => actor.send({ type: 'dialog.close' })}
        onFilesChosen={(files) => actor.send({ type: 'files.chosen', files })}
        onFormChange={(patch) => actor.send({ type: 'form.change', patch })}
        folderOptions={folderOptions}
        onFolderChoose={(folder) => actor.send({ type: 'form.folderChosen', folderId: folder.id, folderName: folder.name })}
        onSubmit={() => actor.send({ type: 'form.submit' })}
        onConfirmRemoval={() => actor.send({ type: 'removal.confirm' })}
        onCancelRemoval={() => actor.send({ type: 'removal.cancel' })}
      />
    </UploadDialogContext.Provider>
  );
}
