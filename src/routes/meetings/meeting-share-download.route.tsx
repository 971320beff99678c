// /meetingShareDownload?meetingId=: after a meeting, a participant downloads the transcript and the
// AI summary (the server's export and summary calls; the share pages are public).
import { Button, Card, Center, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { getMeeting, type Meeting } from '../../machines/meetings/meeting.calls';
import { readToken } from '../../shared/session-storage';
import { LinkExpired } from '../../ui/meetings/LinkExpired';
import { StandalonePage } from '../../ui/pages/StandalonePage';
import { ensureToken } from '../../machines/meetings/live-connection';

async function downloadSummary(transId: string, fileName: string) {
  const response = await fetch('/prod-api/ai/summaryTemplate/download', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${readToken() ?? ''}` },
    body: JSON.stringify({ transId }),
  });
  if (!response.ok || response.headers.get('content-type')?.includes('json')) throw new Error('download failed');
  const url = URL.createObjectURL(await response.blob());
  const anchor = Object.assign(document.createElement('a'), { href: url, download: fileName });
  anchor.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export default function MeetingShareDownloadPage() {
  const { t } = useTranslation('meetings');
  const [params] = useSearchParams();
  const meetingId = params.get('meetingId') ?? '';
  const [meeting, setMeeting] = useState<Meeting | null>(null);
  const [failed, setFailed] = useState(false);
  const [summaryFailed, setSummaryFailed] = useState(false);
  useEffect(() => {
    ensureToken()
      .then(() => getMeeting(meetingId))
      .then(setMeeting, () => setFailed(true));
  }, [meetingId]);
  const transId = meeting?.transId;
  const token = readToken() ?? '';
  const exportUrl = (type: string) =>
    `/prod-api/speech/audio/transcribe/export?${new URLSearchParams({ idStr: transId ?? '', type, token }).toString()}`;
  return (
    <StandalonePage>
      {!meeting && !failed && (
        <Center minH="40vh">
          <Spinner />
        </Center>
      )}
      {(failed || (meeting && !transId)) && <LinkExpired title={t('linkExpired')} body={t('linkExpiredBody')} />}
      {meeting && transId && (
        <Card.Root data-testid="meeting-share-download">
          <Card.Body>
            <Stack gap="4">
              <Heading size="lg">{meeting.name}</Heading>
              <Text color="fg.muted">{t('downloadIntro')}</Text>
              <Button asChild variant="outline">
                <a href={exportUrl('txt')} download data-testid="download-transcript">{t('downloadTranscript')}</a>
              </Button>
              <Button asChild variant="outline">
                <a href={exportUrl('srt')} download>{t('downloadSubtitles')}</a>
              </Button>
              <Button variant="outline" onClick={() => downloadSummary(transId, `${meeting.name}.docx`).catch(() => setSummaryFailed(true))} data-testid="download-summary">
                {t('downloadSummary')}
              </Button>
              {summaryFailed && <Text color="red.600">{t('downloadFailed')}</Text>}
            </Stack>
          </Card.Body>
        </Card.Root>
      )}
    </StandalonePage>
  );
}
