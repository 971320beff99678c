// The record list's restore banner: checks the newest record on mount and after each submit, and
// opens the upload dialog in restore mode when the user accepts.
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { restoreUploadMachine, selectOffer } from '../../machines/uploads/restoreUpload.machine';
import { RestoreBanner } from '../../ui/uploads/RestoreBanner';
import { useUploadDialog } from './upload-dialog-context';

export function RestoreBannerContainer() {
  const uploadDialog = useUploadDialog();
  const actor = useActorRef(restoreUploadMachine);
  const offer = useSelector(actor, selectOffer);

  useEffect(() => {
    const subscription = actor.on('restore.open', ({ offer: accepted }) =>
      uploadDialog.open({ restore: accepted.settings, interrupted: accepted.interrupted, folderId: accepted.settings.folderId ?? null }),
    );
    const submitted = uploadDialog.onSubmitted(() => actor.send({ type: 'restore.check' }));
    return () => {
      subscription.unsubscribe();
      submitted.unsubscribe();
    };
  }, [actor, uploadDialog]);

  if (!offer) return null;
  return (
    <RestoreBanner
      fileName={offer.interrupted?.oriFileName ?? null}
      onRestore={() => actor.send({ type: 'restore.accept' })}
      onDismiss={() => actor.send({ type: 'restore.dismiss' })}
    />
  );
}
