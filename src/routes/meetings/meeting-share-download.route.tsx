// /meetingShareDownload?meetingId=&lang=: after a meeting, a participant listens to the recording with
// its transcript, reads it in a translation language and downloads the transcript, subtitles and the
// AI summary (the share pages are public). The meetingDownload machine runs the page; the player is
// the transcript area's, handed in by the routes root (renderPlayback).
import { useActorRef, useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
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
import { LinkExpired } from '../../ui/meetings/LinkExpired';
import { MeetingDownloadPanel } from '../../ui/meetings/MeetingDownloadPanel';
import { PublicMeetingPage } from '../../ui/meetings/PublicMeetingPage';

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
          summary={record.summary?.state === 'completed' ? { content: record.summary.content, keyPoints: record.summary.keyPoints ?? [] } : null}
          playback={renderPlayback?.({ meetingId, record, language })}
          onLanguage={(code) => download.send({ type: 'language.chosen', language: code })}
          onDownloadFile={(choice) => download.send({ type: 'download.transcript', ...choice })}
          onDownloadSummary={() => download.send({ type: 'download.summary' })}
        />
      )}
    </PublicMeetingPage>
  );
}
