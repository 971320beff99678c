// /meetingShareIng?meetingId=&lang=&voice=1: a participant's live subtitles in the chosen language.
// Late joiners get the transcript so far (the socket's first resume); an ended meeting or closed
// sharing shows 'meeting link expired' with the downloads. The meetingJoin machine (joined) runs
// the visitor token, the socket and the voice broadcast.
import { HStack, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import { DEFAULT_SUBTITLE_LOOK } from '../../shared/contract/meeting';
import {
  selectEndReason,
  selectFinals,
  selectHasEnded,
  selectIsLive,
  selectIsReconnecting,
  selectPartials,
  selectServerMeetingState,
  selectSubtitlesError,
  type liveSubtitlesMachine,
} from '../../machines/meetings/liveSubtitles.machine';
import { meetingJoinMachine, selectJoinStage, selectParticipantSubtitles } from '../../machines/meetings/meetingJoin.machine';
import { ConnectionBanner } from '../../ui/meetings/ConnectionBanner';
import { LinkExpired } from '../../ui/meetings/LinkExpired';
import { SubtitleList } from '../../ui/meetings/SubtitleList';

const PARTICIPANT_LOOK = { ...DEFAULT_SUBTITLE_LOOK, fontSize: 22 };

function ParticipantLive({ meetingId, language, subtitles }: { meetingId: string; language: string; subtitles: ActorRefFrom<typeof liveSubtitlesMachine> }) {
  const { t } = useTranslation('meetings');
  const finals = useSelector(subtitles, selectFinals);
  const partials = useSelector(subtitles, selectPartials);
  const ended = useSelector(subtitles, selectHasEnded);
  const live = useSelector(subtitles, selectIsLive);
  const reconnecting = useSelector(subtitles, selectIsReconnecting);
  const endReason = useSelector(subtitles, selectEndReason);
  const errorMessage = useSelector(subtitles, selectSubtitlesError);
  const meetingState = useSelector(subtitles, selectServerMeetingState);
  const download = `/meetingShareDownload?meetingId=${encodeURIComponent(meetingId)}`;
  return (
    <Stack gap="3">
      {ended ? (
        <LinkExpired title={endReason === 'meetingEnded' ? t('meetingEnded') : t('linkExpired')} body={errorMessage ?? undefined}>
          <Link asChild>
            <RouterLink to={download} data-testid="share-download-link">{t('downloadAudioSummary')}</RouterLink>
          </Link>
        </LinkExpired>
      ) : (
        <ConnectionBanner reconnecting={reconnecting} connecting={!live && !reconnecting} />
      )}
      {meetingState === 'paused' && !ended && <Text color="orange.600" data-testid="meeting-paused">{t('meetingState_paused')}</Text>}
      <SubtitleList
        finals={finals}
        partials={partials}
        translationLanguages={language ? [language] : []}
        style={PARTICIPANT_LOOK}
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
  const participant = useActorRef(meetingJoinMachine, { input: { meetingId, joined: { language, voice } } });
  const stage = useSelector(participant, selectJoinStage);
  const subtitles = useSelector(participant, selectParticipantSubtitles);
  return (
    <Stack maxW="4xl" mx="auto" p={{ base: '3', md: '6' }} gap="3" data-testid="meeting-share-ing">
      <HStack justify="space-between">
        <Heading as="h1" size="lg">{t('liveSubtitles')}</Heading>
      </HStack>
      {stage === 'linkExpired' ? (
        <LinkExpired title={t('linkExpired')} />
      ) : (
        subtitles && <ParticipantLive meetingId={meetingId} language={language} subtitles={subtitles} />
      )}
    </Stack>
  );
}
