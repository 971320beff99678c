import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { recordShareViewMachine, selectShareViewContext, selectShareViewStatus } from '../../machines/records/recordShareView.machine';
import { readToken } from '../../shared/session-storage';
import { SharedTranscript, type SharedTranscriptStatus } from '../../ui/records/SharedTranscript';
import { StandalonePage } from '../../ui/pages/StandalonePage';

/** /meetingShare?id=<recordId>&shareCode=<code>: a shared record, readable without an account. */
export function SharedRecordPage() {
  const { t } = useTranslation('records');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const actor = useActorRef(recordShareViewMachine, {
    input: { id: params.get('id') ?? '', shareCode: params.get('shareCode') ?? '', hasToken: readToken() !== null },
  });
  const context = useSelector(actor, selectShareViewContext);
  const status: SharedTranscriptStatus = useSelector(actor, selectShareViewStatus);
  return (
    <StandalonePage>
      <SharedTranscript
        status={status}
        record={context.record}
        lines={context.lines}
        canCopy={context.hasToken && context.copyAllowed}
        showSignInHint={!context.hasToken && context.copyAllowed}
        errorText={context.errorKey ? t(context.errorKey) : context.errorMessage}
        onCopy={() => actor.send({ type: 'share.copyRequested' })}
        onOpenRecords={() => navigate('/recordList')}
      />
    </StandalonePage>
  );
}
