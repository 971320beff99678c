// The record's AI summary panel where pages of several areas show it: the transcript page, and the
// host's screen once a meeting has ended (the meeting's summary is kept as its record's summary).
// The summary machine decides what is offered: "Generate" when there is none, "Regenerate" only
// when the transcript was edited since (issue 24).
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { selectCanRefresh, selectOffersRegenerate, selectSummaryContext, selectSummaryStatus, summaryMachine } from '../../machines/transcript/summary.machine';
import { transcriptFilesMachine } from '../../machines/transcript/transcriptFiles.machine';
import type { SummaryView } from '../../machines/transcript/transcript.types';
import type { SummaryBodyProps } from '../../ui/common/SummaryBody';
import { SummaryPanel } from '../../ui/transcript/SummaryPanel';
import { useFileResults } from '../transcript/use-file-results';

/** What the panel shows of the record's summary (nothing before there is one). */
function summaryBodyOf(summary: SummaryView | null): SummaryBodyProps {
  if (!summary) return { content: '' };
  const { content, keyPoints, decisions, actionItems, keywords, lang, sourceLang, note } = summary;
  return { content, keyPoints, decisions, actionItems, keywords, lang, sourceLang, note };
}

export function RecordSummary({ transId, shareCode }: { transId: string; shareCode?: string }) {
  const { t } = useTranslation('transcript');
  const actor = useActorRef(summaryMachine, { input: { transId, ...(shareCode ? { shareCode } : {}) } });
  const { summary, refreshSecondsLeft, errorKey, errorMessage } = useSelector(actor, selectSummaryContext);
  const status = useSelector(actor, selectSummaryStatus);
  const canRefresh = useSelector(actor, selectCanRefresh);
  const offersRegenerate = useSelector(actor, selectOffersRegenerate);
  const errorText = errorMessage ?? (errorKey ? t(errorKey) : undefined);
  const files = useActorRef(transcriptFilesMachine, { input: { id: transId, shareCode } });
  useFileResults(files);
  return (
    <SummaryPanel
      status={status}
      summary={summaryBodyOf(summary)}
      offersRegenerate={offersRegenerate}
      refreshSecondsLeft={refreshSecondsLeft}
      canRefresh={canRefresh}
      {...(errorText ? { errorText } : {})}
      onGenerate={() => actor.send({ type: 'summary.generate' })}
      onDownload={() => files.send({ type: 'summary.downloadRequested' })}
      onDownloadText={() => files.send({ type: 'summary.downloadRequested', format: 'txt' })}
    />
  );
}
