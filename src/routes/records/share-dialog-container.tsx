import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { recordShareMachine, shareUrl } from '../../machines/records/recordShare.machine';
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
  const state = useSelector(actor, (snapshot) => snapshot);
  const { context } = state;
  const current = context.record;
  useEffect(() => {
    if (current !== record) onRecordChanged(current);
    // Only a new answer from the server counts as a change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [current]);
  const url = shareUrl(window.location.origin, current);
  const busy = state.matches('creating') || state.matches('updating') || state.matches('revoking');
  const shared = state.matches('shared') || state.matches('updating') || state.matches('revoking');
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
