import { useActorRef, useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { recordShareViewMachine, selectShareViewContext, selectShareViewStatus } from '../../machines/records/recordShareView.machine';
import type { RecordItem, SubtitleLine } from '../../machines/records/recordList.types';
import { readToken } from '../../shared/session-storage';
import { SharedTranscript, type SharedTranscriptStatus } from '../../ui/records/SharedTranscript';
import { StandalonePage } from '../../ui/pages/StandalonePage';

export interface SharedPlaybackInput {
  id: string;
  shareCode: string;
  record: RecordItem;
  lines: SubtitleLine[];
  copyAllowed: boolean;
}

/**
 * /meetingShare?id=<recordId>&shareCode=<code>: a shared record, readable without an account.
 * `renderPlayback` (given by the /meetingShare route, from the junction where share pages meet the transcript area's player) plays it.
 */
export function SharedRecordPage({ renderPlayback }: { renderPlayback?: (input: SharedPlaybackInput) => ReactNode }) {
  const { t } = useTranslation('records');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const actor = useActorRef(recordShareViewMachine, {
    input: { id: params.get('id') ?? '', shareCode: params.get('shareCode') ?? '', hasToken: readToken() !== null },
  });
  const context = useSelector(actor, selectShareViewContext);
  const status: SharedTranscriptStatus = useSelector(actor, selectShareViewStatus);
  const id = params.get('id') ?? '';
  const shareCode = params.get('shareCode') ?? '';
  const playback =
    renderPlayback && context.record && id && shareCode
      ? renderPlayback({ id, shareCode, record: context.record, lines: context.lines, copyAllowed: context.copyAllowed })
      : undefined;
  return (
    <StandalonePage>
      <SharedTranscript
        status={status}
        record={context.record}
        lines={context.lines}
        canCopy={context.hasToken && context.copyAllowed}
        showSignInHint={!context.hasToken && context.copyAllowed}
        errorText={context.errorKey ? t(context.errorKey) : context.errorMessage}
        {...(playback ? { playback } : {})}
        onCopy={() => actor.send({ type: 'share.copyRequested' })}
        onOpenRecords={() => navigate('/recordList')}
      />
    </StandalonePage>
  );
}
