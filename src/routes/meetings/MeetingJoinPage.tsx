// /meetingShare?meetingId=: a participant (no account needed) picks a translation language and
// voice broadcast, then joins /meetingShareIng. An ended meeting or closed sharing says so.
// The meetingJoin machine runs the page; joining navigates.
import { Center, Spinner } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import {
  meetingJoinMachine,
  selectJoinHostName,
  selectJoinLanguage,
  selectJoinLanguages,
  selectJoinMeetingName,
  selectJoinStage,
  selectJoinVoice,
  selectVoiceSupported,
} from '../../machines/meetings/meetingJoin.machine';
import { JoinForm } from '../../ui/meetings/JoinForm';
import { LinkExpired } from '../../ui/meetings/LinkExpired';
import { StandalonePage } from '../../ui/pages/StandalonePage';

export function MeetingJoinPage({ meetingId }: { meetingId: string }) {
  const { t } = useTranslation('meetings');
  const navigate = useNavigate();
  const [machine] = useState(() =>
    meetingJoinMachine.provide({
      actions: {
        openLive: (_, choice) => {
          const query = new URLSearchParams({ meetingId: choice.meetingId, lang: choice.language });
          if (choice.voice) query.set('voice', '1');
          navigate(`/meetingShareIng?${query.toString()}`);
        },
      },
    }),
  );
  const join = useActorRef(machine, { input: { meetingId } });
  const stage = useSelector(join, selectJoinStage);
  const meetingName = useSelector(join, selectJoinMeetingName);
  const hostName = useSelector(join, selectJoinHostName);
  const languages = useSelector(join, selectJoinLanguages);
  const language = useSelector(join, selectJoinLanguage);
  const voice = useSelector(join, selectJoinVoice);
  const voiceSupported = useSelector(join, selectVoiceSupported);
  return (
    <StandalonePage>
      {stage === 'loading' && (
        <Center minH="40vh">
          <Spinner />
        </Center>
      )}
      {stage === 'linkExpired' && <LinkExpired title={t('linkExpired')} body={t('linkExpiredBody')} />}
      {stage === 'choosing' && (
        <JoinForm
          meetingName={meetingName}
          hostName={hostName}
          languages={languages}
          language={language}
          voice={voice}
          voiceSupported={voiceSupported}
          onLanguage={(code) => join.send({ type: 'join.language', language: code })}
          onVoice={(on) => join.send({ type: 'join.voice', on })}
          onJoin={() => join.send({ type: 'join.submit' })}
        />
      )}
    </StandalonePage>
  );
}
