// /meetingShareDownload?meetingId=&lang=: after a meeting, a participant listens to the recording with
// its transcript, reads it in a translation language and downloads the transcript, subtitles and the
// AI summary (the share pages are public). The meetingDownload machine runs the page; the player is
// the transcript area's, reached through the junction where share pages meet it: the meeting's
// recording plays through its share link (the server serves the meeting's own record only, with range
// requests), the line being spoken highlighted as on the shared record page.
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { MeetingShareRecord } from '../../api/meetings/meeting-types';
import {
  meetingDownloadMachine,
  selectDownloadBusy,
  selectDownloadError,
  selectDownloadLanguage,
  selectDownloadRecord,
  selectDownloadStage,
} from '../../machines/meetings/meetingDownload.machine';
import type { SummaryBodyProps } from '../../ui/common/SummaryBody';
import { LinkExpired } from '../../ui/meetings/LinkExpired';
import { MeetingDownloadPanel } from '../../ui/meetings/MeetingDownloadPanel';
import { PublicMeetingPage } from '../../ui/meetings/PublicMeetingPage';
import { SharedTranscriptPlayback, type PlayableLine } from '../junctions/transcript-meetings-records';

export interface MeetingPlaybackInput {
  meetingId: string;
  record: MeetingShareRecord;
  /** The translation language the lines show. */
  language: string;
}

export function MeetingShareDownloadPage({ renderPlayback }: { renderPlayback?: (input: MeetingPlaybackInput) => ReactNode }) {
  const { t } = useTranslation('meetings');
  const [params] = useSearchParams();
  const meetingId = params.get('meetingId') ?? '';
  const download = useActorRef(meetingDownloadMachine, { input: { meetingId, language: params.get('lang') } });
  const stage = useSelector(download, selectDownloadStage);
  const record = useSelector(download, selectDownloadRecord);
  const language = useSelector(download, selectDownloadLanguage);
  const busy = useSelector(download, selectDownloadBusy);
  const error = useSelector(download, selectDownloadError);
  const errorText = error ? (error.errorMessage ?? t(error.errorKey ?? 'downloadFailed')) : null;
  if (stage === 'shareClosed') {
    return (
      <PublicMeetingPage stage="shareClosed">
        <LinkExpired title={t('shareClosedTitle')} body={errorText ?? undefined} />
      </PublicMeetingPage>
    );
  }
  return (
    <PublicMeetingPage stage={stage}>
      {stage === 'ready' && record && (
        <MeetingDownloadPanel
          name={record.name}
          languages={record.translationLanguages}
          language={language}
          busy={busy}
          errorText={errorText}
          summary={record.summary?.state === 'completed' ? summaryBodyOf(record.summary) : null}
          summaryPending={record.summary?.state === 'generating'}
          playback={renderPlayback?.({ meetingId, record, language })}
          onLanguage={(code) => download.send({ type: 'language.chosen', language: code })}
          onDownloadFile={(choice) => download.send({ type: 'download.transcript', ...choice })}
          onDownloadSummary={() => download.send({ type: 'download.summary' })}
        />
      )}
    </PublicMeetingPage>
  );
}

/** What the page shows of the meeting's kept summary. */
function summaryBodyOf(summary: NonNullable<MeetingShareRecord['summary']>): SummaryBodyProps {
  const { content, keyPoints, decisions, actionItems, keywords, lang, sourceLang, note } = summary;
  return { content, keyPoints, decisions, actionItems, keywords, lang, sourceLang, note };
}

function MeetingPlayback({ meetingId, record, language }: MeetingPlaybackInput) {
  // The lines in the chosen translation language (the record itself keeps only the first one).
  const lines: PlayableLine[] = useMemo(
    () => record.lines.map((line) => ({ ...line, translation: (language && line.translations[language]) || null, speaker: line.speaker ?? null })),
    [record.lines, language],
  );
  return (
    <SharedTranscriptPlayback
      id={record.transId}
      meetingId={meetingId}
      hasMedia={record.hasAudio}
      lines={lines}
      language={record.recognitionLanguages[0] ?? 'en-US'}
      showTranslation={language !== ''}
      downloadAllowed
    />
  );
}

export default function MeetingShareDownloadRoute() {
  return <MeetingShareDownloadPage renderPlayback={(input) => <MeetingPlayback {...input} />} />;
}
