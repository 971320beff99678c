// /meetingShareDownload?meetingId=: after a meeting, a participant downloads the transcript and the
// AI summary (the share pages are public). The meetingDownload machine runs the page.
import { Button, Card, Heading, Stack, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import {
  exportUrlFor,
  meetingDownloadMachine,
  selectDownloadMeetingName,
  selectDownloadStage,
  selectDownloadTransId,
  selectSummaryDownloadFailed,
  selectSummaryDownloading,
} from '../../machines/meetings/meetingDownload.machine';
import { PublicMeetingPage } from '../../ui/meetings/PublicMeetingPage';

export default function MeetingShareDownloadPage() {
  const { t } = useTranslation('meetings');
  const [params] = useSearchParams();
  const download = useActorRef(meetingDownloadMachine, { input: { meetingId: params.get('meetingId') ?? '' } });
  const stage = useSelector(download, selectDownloadStage);
  const name = useSelector(download, selectDownloadMeetingName);
  const transId = useSelector(download, selectDownloadTransId);
  const summaryFailed = useSelector(download, selectSummaryDownloadFailed);
  const downloading = useSelector(download, selectSummaryDownloading);
  return (
    <PublicMeetingPage stage={stage}>
      {stage === 'ready' && transId && (
        <Card.Root data-testid="meeting-share-download">
          <Card.Body>
            <Stack gap="4">
              <Heading size="lg">{name}</Heading>
              <Text color="fg.muted">{t('downloadIntro')}</Text>
              <Button asChild variant="outline">
                <a href={exportUrlFor(transId, 'txt')} download data-testid="download-transcript">{t('downloadTranscript')}</a>
              </Button>
              <Button asChild variant="outline">
                <a href={exportUrlFor(transId, 'srt')} download>{t('downloadSubtitles')}</a>
              </Button>
              <Button variant="outline" loading={downloading} onClick={() => download.send({ type: 'download.summary' })} data-testid="download-summary">
                {t('downloadSummary')}
              </Button>
              {summaryFailed && <Text color="red.600">{t('downloadFailed')}</Text>}
            </Stack>
          </Card.Body>
        </Card.Root>
      )}
    </PublicMeetingPage>
  );
}
