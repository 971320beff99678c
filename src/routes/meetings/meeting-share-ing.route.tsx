// /meetingShareIng?meetingId=&lang=&voice=1: a participant's live subtitles in the chosen language.
// Late joiners get the transcript so far (the socket's first resume); an ended meeting or closed
// sharing shows 'meeting link expired' with the downloads.
import { HStack, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { liveSubtitlesMachine, selectIsLive, selectIsReconnecting } from '../../machines/meetings/liveSubtitles.machine';
import { DEFAULT_MEETING_CONFIG } from '../../machines/meetings/meetingSetup.rules';
import { ConnectionBanner } from '../../ui/meetings/ConnectionBanner';
import { LinkExpired } from '../../ui/meetings/LinkExpired';
import { SubtitleList } from '../../ui/meetings/SubtitleList';
import { ensureToken, socketUrlFor } from './live-connection';
import { useVoiceBroadcast } from './useVoiceBroadcast';

function ParticipantLive({ meetingId, language, voice }: { meetingId: string; language: string; voice: boolean }) {
  const { t } = useTranslation('meetings');
  const subtitles = useActorRef(liveSubtitlesMachine, {
    input: { socketUrl: socketUrlFor(meetingId), translationLanguage: language || undefined },
  });
  const view = useSelector(subtitles, (s) => s.context);
  const ended = useSelector(subtitles, (s) => s.status === 'done');
  const live = useSelector(subtitles, selectIsLive);
  const reconnecting = useSelector(subtitles, selectIsReconnecting);
  useVoiceBroadcast(view.finals, language, voice);
  const download = `/meetingShareDownload?meetingId=${encodeURIComponent(meetingId)}`;
  return (
    <Stack gap="3">
      {ended ? (
        <LinkExpired title={view.endReason === 'meetingEnded' ? t('meetingEnded') : t('linkExpired')} body={view.errorMessage ?? undefined}>
          <Link asChild>
            <RouterLink to={download} data-testid="share-download-link">{t('downloadAudioSummary')}</RouterLink>
          </Link>
        </LinkExpired>
      ) : (
        <ConnectionBanner reconnecting={reconnecting} connecting={!live && !reconnecting} />
      )}
      {view.meetingState === 'paused' && !ended && <Text color="orange.600" data-testid="meeting-paused">{t('meetingState_paused')}</Text>}
      <SubtitleList
        finals={view.finals}
        partials={view.partials}
        translationLanguages={language ? [language] : []}
        style={{ ...DEFAULT_MEETING_CONFIG.style, fontSize: 22 }}
        emptyText={t('waitingForSpeech')}
      />
    </Stack>
  );
}

export default function MeetingShareIngPage() {
  const { t } = useTranslation('meetings');
  const [params] = useSearchParams();
  const meetingId = params.get('meetingId') ?? '';
  const language = params.get('lang') ?? '';
  const voice = params.get('voice') === '1';
  const [tokenReady, setTokenReady] = useState(false);
  useEffect(() => {
    void ensureToken().finally(() => setTokenReady(true));
  }, []);
  return (
    <Stack maxW="4xl" mx="auto" p={{ base: '3', md: '6' }} gap="3" data-testid="meeting-share-ing">
      <HStack justify="space-between">
        <Heading as="h1" size="lg">{t('liveSubtitles')}</Heading>
      </HStack>
      {!meetingId ? <LinkExpired title={t('linkExpired')} /> : tokenReady && <ParticipantLive meetingId={meetingId} language={language} voice={voice} />}
    </Stack>
  );
}
