// The AI dubbing dialog wired to its machines (New → AI dubbing, and the home screen's entry).
// Loaded lazily by its openers: this module (and @azure/storage-blob, which the upload loads on its
// own first use) never reaches a sign-in page's first paint. Each change of `openCount` opens it.
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { selectConfirmingRemoval, selectDeleting, selectFileContext, selectFileRowStatus, type FileRowStatus } from '../../machines/file-upload/fileUpload.machine';
import { selectAttachingSrt, selectSrtContext } from '../../machines/dubbing/dubSrt.machine';
import {
  dubUploadMachine,
  selectDubCanStart,
  selectDubContext,
  selectDubIsClosing,
  selectDubIsOpen,
  selectDubSubmitting,
  type DubDialogFile,
} from '../../machines/dubbing/dubUpload.machine';
import { dubFoldersMachine, selectDubFolderOptions } from '../../machines/dubbing/dubFolders.machine';
import { dubLanguagesMachine, selectDubLanguages, selectDubLanguagesServed } from '../../machines/dubbing/dubLanguages.machine';
import { servingEngines, targetUnavailability, unavailabilityOf, type ServedLanguage, type Unavailability } from '../../shared/contract/language-availability';
import { TOAST_DURATION_MS } from '../../shared/contract/limits';
import { DubFileRow, type DubRowStatus } from '../../ui/dubbing/DubFileRow';
import { DubUploadDialog, type DubLanguageOption } from '../../ui/dubbing/DubUploadDialog';
import { ENTITLEMENT_PURCHASE_TAB } from '../../shared/contract/purchase-tabs';
import { useAppBus } from '../shell/app-bus';
import { showToast } from '../shell/show-toast';

/** The dubbing row says 'checking' until the upload starts. */
const dubRowStatus = (status: FileRowStatus): DubRowStatus => (status === 'added' || status === 'validating' ? 'checking' : status);

function FileRowContainer({ file }: { file: DubDialogFile }) {
  const { t } = useTranslation('dubbing');
  const status = dubRowStatus(useSelector(file.ref, selectFileRowStatus));
  const context = useSelector(file.ref, selectFileContext);
  const confirmingDelete = useSelector(file.ref, selectConfirmingRemoval);
  const deleting = useSelector(file.ref, selectDeleting);
  const srt = useSelector(file.srtRef, selectSrtContext);
  const attachingSrt = useSelector(file.srtRef, selectAttachingSrt);
  const errorText = status === 'failed' ? (context.errorMessage ?? (context.errorKey ? t(context.errorKey) : undefined)) : undefined;
  const send = file.ref.send;
  const sendSrt = file.srtRef.send;
  return (
    <DubFileRow
      name={file.name}
      sizeBytes={context.size}
      durationSeconds={context.durationSeconds}
      status={status}
      percent={context.percent}
      errorText={errorText}
      srtName={srt.srt?.name ?? srt.pendingSrtName}
      srtEncoding={srt.srt?.encoding ?? null}
      srtFileType={srt.srtFileType}
      attachingSrt={attachingSrt}
      confirmingDelete={confirmingDelete}
      deleting={deleting}
      onRemove={() => send({ type: 'file.remove' })}
      onConfirmRemove={() => send({ type: 'remove.confirm' })}
      onCancelRemove={() => send({ type: 'remove.cancel' })}
      onRetry={() => send({ type: 'file.retry' })}
      onSrtChosen={(chosen) => sendSrt({ type: 'srt.chosen', file: chosen })}
      onSrtType={(srtFileType) => sendSrt({ type: 'srt.type', srtFileType })}
      onSrtRemove={() => sendSrt({ type: 'srt.remove' })}
    />
  );
}

export interface DubUploadDialogContainerProps {
  /** Each new value opens the dialog (0: not yet asked for). */
  openCount: number;
  userId: string | null;
  folderId?: string | null;
  /** The first file's id once dubbing started (features §2: the dialog's success event). */
  onSuccess?(id: string): void;
}

export default function DubUploadDialogContainer({ openCount, userId, folderId, onSuccess }: DubUploadDialogContainerProps) {
  const { t, i18n } = useTranslation('dubbing');
  const bus = useAppBus();
  const actor = useActorRef(dubUploadMachine);
  const open = useSelector(actor, selectDubIsOpen);
  const context = useSelector(actor, selectDubContext);
  const canStart = useSelector(actor, selectDubCanStart);
  const submitting = useSelector(actor, selectDubSubmitting);
  const closing = useSelector(actor, selectDubIsClosing);

  useEffect(() => {
    if (openCount > 0) actor.send({ type: 'dialog.open', userId, ...(folderId ? { folderId } : {}) });
    // Only a new request opens it; the user and folder are read at that moment.
  }, [openCount, actor]);

  useEffect(() => {
    const toast = (type: 'warning' | 'error' | 'success', title: string) => void showToast({ type, title, duration: TOAST_DURATION_MS });
    const subscriptions = [
      actor.on('dub.warning', (event) => toast('warning', event.message ?? t(event.messageKey ?? 'uploadFailed', event.params ?? {}))),
      actor.on('dub.error', (event) => toast('error', event.message ?? t(event.messageKey ?? 'submitFailed'))),
      actor.on('dub.needsPurchase', () => bus.send({ type: 'purchase.open', tab: ENTITLEMENT_PURCHASE_TAB })),
      actor.on('dub.success', (event) => {
        toast('success', t('started'));
        onSuccess?.(event.id);
      }),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [actor, bus, t, onSuccess]);

  // The server's language list (what it can dub), read once; moved into the form when it arrives.
  const languagesActor = useActorRef(dubLanguagesMachine);
  const served = useSelector(languagesActor, selectDubLanguages);
  const fromServer = useSelector(languagesActor, selectDubLanguagesServed);
  useEffect(() => {
    if (open && fromServer) actor.send({ type: 'languages.served', items: served });
  }, [open, fromServer, served, actor]);

  // The user's folders, read again each time the dialog opens (folders may have been added since).
  const foldersActor = useActorRef(dubFoldersMachine);
  const folders = useSelector(foldersActor, selectDubFolderOptions);
  useEffect(() => {
    if (openCount > 0) foldersActor.send({ type: 'folders.reload' });
  }, [openCount, foldersActor]);

  const { languages, targetLanguages } = useMemo(() => {
    const names = typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames([i18n.language], { type: 'language' }) : null;
    const reasonOf = (unavailable: Unavailability | null) =>
      unavailable
        ? (unavailable.reason ?? (unavailable.setting ? t('languageUnavailable', { setting: unavailable.setting }) : t('languageUnavailableHere')))
        : undefined;
    const option = (item: ServedLanguage, unavailable: Unavailability | null): DubLanguageOption => ({
      code: item.code,
      name: item.name ?? names?.of(item.code) ?? item.code,
      unavailableReason: reasonOf(unavailable),
    });
    // A target names the voice engine that would speak the dub ("eSpeak NG (embedded)").
    const target = (item: ServedLanguage): DubLanguageOption => {
      const unavailable = targetUnavailability(item, [context.form.audioLanguage]);
      return { ...option(item, unavailable), engines: unavailable ? [] : servingEngines(item) };
    };
    return {
      languages: served.map((item) => option(item, unavailabilityOf(item))),
      targetLanguages: served.map(target),
    };
  }, [i18n.language, served, context.form.audioLanguage, t]);

  return (
    <DubUploadDialog
      open={open || closing}
      form={context.form}
      folderId={context.form.folderId}
      folders={folders.some((folder) => folder.id === context.form.folderId) ? folders : [...folders, { id: context.form.folderId, name: context.form.folderName ?? null, depth: 0 }]}
      onFolderChange={(folderId) => actor.send({ type: 'form.change', patch: { folderId } })}
      languages={languages}
      targetLanguages={targetLanguages}
      fileRows={context.files.map((file) => (
        <FileRowContainer key={file.id} file={file} />
      ))}
      canStart={canStart}
      submitting={submitting}
      closing={closing}
      onClose={() => actor.send({ type: 'dialog.close' })}
      onFilesChosen={(files) => actor.send({ type: 'files.chosen', files })}
      onFormChange={(patch) => actor.send({ type: 'form.change', patch })}
      onStart={() => actor.send({ type: 'form.submit' })}
    />
  );
}
