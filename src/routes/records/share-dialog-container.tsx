import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useEffect } from 'react';
import { recordShareMachine, selectIsShared, selectShareBusy, selectShareContext, shareUrl } from '../../machines/records/recordShare.machine';
import type { RecordItem } from '../../machines/records/recordList.types';
import { ShareDialog } from '../../ui/records/ShareDialog';

export interface ShareDialogContainerProps {
  record: RecordItem;
  onRecordChanged(record: RecordItem): void;
  onClose(): void;
}

/** One share actor per opened dialog (keyed by record by the caller). */
export function ShareDialogContainer({ record, onRecordChanged, onClose }: ShareDialogContainerProps) {
  const { t } = useTranslation('records');
  const actor = useActorRef(recordShareMachine, { input: { record } });
  const context = useSelector(actor, selectShareContext);
  const busy = useSelector(actor, selectShareBusy);
  const shared = useSelector(actor, selectIsShared);
  const current = context.record;
  useEffect(() => {
    const subscription = actor.on('share.recordChanged', (event) => onRecordChanged(event.record));
    return () => subscription.unsubscribe();
  }, [actor, onRecordChanged]);
  const url = shareUrl(window.location.origin, current);
  return (
    <ShareDialog
      open
      recordName={current.showName}
      shared={shared}
      url={url}
      allowCopy={context.allowCopy}
      expiryDate={context.expiryDate}
      busy={busy}
      linkCopied={context.linkCopied}
      errorText={context.errorKey ? t(context.errorKey) : context.errorMessage}
      onAllowCopyChange={(allowCopy) => actor.send({ type: 'share.optionsChanged', allowCopy })}
      onExpiryChange={(expiryDate) => actor.send({ type: 'share.optionsChanged', expiryDate })}
      onCreate={() => actor.send({ type: 'share.create' })}
      onUpdate={() => actor.send({ type: 'share.update' })}
      onRevoke={() => actor.send({ type: 'share.revoke' })}
      onCopyLink={() => {
        if (!url) return;
        navigator.clipboard
          ?.writeText(url)
          .then(() => actor.send({ type: 'share.linkCopied' }))
          .catch(() => actor.send({ type: 'share.linkCopyFailed' }));
      }}
      onClose={onClose}
    />
  );
}
