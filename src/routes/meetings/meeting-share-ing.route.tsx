// /meetingShareIng?meetingId=&lang=&voice=1&name=: a participant's live subtitles in the chosen
// language and the host's subtitle style; language and voice broadcast can be switched live (the
// address follows, so a reload keeps them). Late joiners get the transcript so far (the socket's
// first resume); an ended meeting or closed sharing shows 'meeting link expired' with the
// downloads. With &invite=<code> the participant is in by the invitation: its close or expiry says so.
// The meetingJoin machine (joined) runs the visitor token, the socket and the voice.
import { Heading, Link, Stack, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useSearchParams } from 'react-router-dom';
import { RouterLink } from '../shell/router-link';
import type { ActorRefFrom } from 'xstate';
import type { SubtitleLook } from '../../shared/contract/meeting';
import {
  selectEndReason,
  selectFinals,
  selectHasEnded,
  selectIsLive,
  selectIsReconnecting,
  selectPartials,
  selectServerMeetingState,
  selectSubtitlesError,
  type EndReason,
  type liveSubtitlesMachine,
} from '../../machines/meetings/liveSubtitles.machine';
import {
  meetingJoinMachine,
  selectJoinLanguage,
  selectJoinLanguages,
  selectJoinSpokenLanguage,
  selectJoinLook,
  selectJoinMeetingName,
  selectJoinStage,
  selectJoinVoice,
  selectParticipantSubtitles,
  selectVoiceSupported,
  type MeetingJoinActor,
} from '../../machines/meetings/meetingJoin.machine';
import { ConnectionBanner } from '../../ui/meetings/ConnectionBanner';
import { LinkExpired } from '../../ui/meetings/LinkExpired';
import { InviteUnavailable } from '../../ui/meetings/PublicMeetingPage';
import { ParticipantOptions } from '../../ui/meetings/ParticipantOptions';
import { SubtitleList } from '../../ui/meetings/SubtitleList';

const sameLook = (a: SubtitleLook, b: SubtitleLook) =>
  a.fontSize === b.fontSize && a.color === b.color && a.backgroundColor === b.backgroundColor && a.display === b.display;

function Options({ participant }: { participant: MeetingJoinActor }) {
  const languages = useSelector(participant, selectJoinLanguages);
  const language = useSelector(participant, selectJoinLanguage);
  const voice = useSelector(participant, selectJoinVoice);
  const voiceSupported = useSelector(participant, selectVoiceSupported);
  return (
    <ParticipantOptions
      languages={languages}
      language={language}
      voice={voice}
      voiceSupported={voiceSupported}
      onLanguage={(code) => participant.send({ type: 'join.language', language: code })}
      onVoice={(on) => participant.send({ type: 'join.voice', on })}
    />
  );
}

function endTitle(reason: EndReason | null, t: TFunction<'meetings'>): string {
  if (reason === 'meetingEnded') return t('meetingEnded');
  if (reason === 'inviteClosed') return t('inviteClosedTitle');
  return t('linkExpired');
}

function ParticipantLive({ meetingId, participant, subtitles }: { meetingId: string; participant: MeetingJoinActor; subtitles: ActorRefFrom<typeof liveSubtitlesMachine> }) {
  const language = useSelector(participant, selectJoinLanguage);
  const look = useSelector(participant, selectJoinLook, sameLook);
  const spoken = useSelector(participant, selectJoinSpokenLanguage);
  const { t } = useTranslation('meetings');
  const finals = useSelector(subtitles, selectFinals);
  const partials = useSelector(subtitles, selectPartials);
  const ended = useSelector(subtitles, selectHasEnded);
  const live = useSelector(subtitles, selectIsLive);
  const reconnecting = useSelector(subtitles, selectIsReconnecting);
  const endReason = useSelector(subtitles, selectEndReason);
  const errorMessage = useSelector(subtitles, selectSubtitlesError);
  const meetingState = useSelector(subtitles, selectServerMeetingState);
  // The language read here is the one the download page opens in.
  const download = `/meetingShareDownload?${new URLSearchParams({ meetingId, ...(language ? { lang: language } : {}) }).toString()}`;
  return (
    <Stack gap="3">
      {ended ? (
        <LinkExpired title={endTitle(endReason, t)} body={errorMessage ?? undefined} testId={endReason === 'inviteClosed' ? 'invite-closed' : undefined}>
          <Link asChild>
            <RouterLink to={download} data-testid="share-download-link">{t('downloadAudioSummary')}</RouterLink>
          </Link>
        </LinkExpired>
      ) : (
        <>
          <Options participant={participant} />
          <ConnectionBanner reconnecting={reconnecting} connecting={!live && !reconnecting} />
        </>
      )}
      {meetingState === 'paused' && !ended && <Text color="orange.600" data-testid="meeting-paused">{t('meetingState_paused')}</Text>}
      <SubtitleList
        finals={finals}
        partials={partials}
        translationLanguages={language ? [language] : []}
        spokenLanguage={spoken}
        readerFirst
        style={look}
        emptyText={t('waitingForSpeech')}
      />
    </Stack>
  );
}

export default function MeetingShareIngPage() {
  const { t } = useTranslation('meetings');
  const [params, setParams] = useSearchParams();
  const meetingId = params.get('meetingId') ?? '';
  const language = params.get('lang') ?? '';
  const voice = params.get('voice') === '1';
  const name = params.get('name') ?? undefined;
  const invite = params.get('invite') ?? undefined;
  const [machine] = useState(() =>
    meetingJoinMachine.provide({
      actions: {
        showLanguage: (_, choice) =>
          setParams(
            (previous) => {
              const next = new URLSearchParams(previous);
              next.set('lang', choice.language);
              if (choice.voice) next.set('voice', '1');
              else next.delete('voice');
              return next;
            },
            { replace: true },
          ),
      },
    }),
  );
  const participant = useActorRef(machine, { input: { meetingId, ...(invite ? { invite } : {}), joined: { language, voice, ...(name ? { name } : {}) } } });
  const stage = useSelector(participant, selectJoinStage);
  const subtitles = useSelector(participant, selectParticipantSubtitles);
  const meetingName = useSelector(participant, selectJoinMeetingName);
  return (
    <Stack maxW="4xl" mx="auto" p={{ base: '2', md: '6' }} gap={{ base: '2', md: '3' }} data-testid="meeting-share-ing">
      {/* The meeting's name leads (a phone has room for one line of it); "Live subtitles" says what the page is. */}
      <Stack gap="0">
        <Text fontSize="xs" color="fg.muted">{t('liveSubtitles')}</Text>
        <Heading as="h1" size={{ base: 'md', md: 'lg' }} lineClamp={1} data-testid="live-meeting-name">{meetingName || t('liveSubtitles')}</Heading>
      </Stack>
      {stage === 'inviteUnavailable' ? (
        <InviteUnavailable />
      ) : stage === 'linkExpired' ? (
        <LinkExpired title={t('linkExpired')} />
      ) : (
        subtitles && <ParticipantLive meetingId={meetingId} participant={participant} subtitles={subtitles} />
      )}
    </Stack>
  );
}
