// /meetingShare?meetingId= (or ?invite=<code>): a participant (no account needed) picks a translation
// language and voice broadcast, then joins /meetingShareIng. An ended meeting or closed sharing says
// so; so does a closed, expired or unknown invitation, in the page's language.
// The meetingJoin machine runs the page; joining navigates.
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  meetingJoinMachine,
  selectJoinHostName,
  selectJoinLanguage,
  selectJoinLanguages,
  selectJoinMeetingName,
  selectJoinName,
  selectJoinStage,
  selectJoinVoice,
  selectVoiceSupported,
} from '../../machines/meetings/meetingJoin.machine';
import { JoinForm } from '../../ui/meetings/JoinForm';
import { PublicMeetingPage } from '../../ui/meetings/PublicMeetingPage';

export function MeetingJoinPage({ meetingId, invite }: { meetingId: string; invite?: string }) {
  const navigate = useNavigate();
  const [machine] = useState(() =>
    meetingJoinMachine.provide({
      actions: {
        openLive: (_, choice) => {
          const query = new URLSearchParams({ meetingId: choice.meetingId, lang: choice.language });
          if (choice.voice) query.set('voice', '1');
          if (choice.name) query.set('name', choice.name);
          if (choice.invite) query.set('invite', choice.invite);
          navigate(`/meetingShareIng?${query.toString()}`);
        },
      },
    }),
  );
  const join = useActorRef(machine, { input: { meetingId, ...(invite ? { invite } : {}) } });
  const stage = useSelector(join, selectJoinStage);
  const meetingName = useSelector(join, selectJoinMeetingName);
  const hostName = useSelector(join, selectJoinHostName);
  const languages = useSelector(join, selectJoinLanguages);
  const language = useSelector(join, selectJoinLanguage);
  const voice = useSelector(join, selectJoinVoice);
  const voiceSupported = useSelector(join, selectVoiceSupported);
  const name = useSelector(join, selectJoinName);
  return (
    <PublicMeetingPage stage={stage}>
      {stage === 'choosing' && (
        <JoinForm
          meetingName={meetingName}
          hostName={hostName}
          languages={languages}
          language={language}
          voice={voice}
          voiceSupported={voiceSupported}
          name={name}
          onName={(value) => join.send({ type: 'join.name', name: value })}
          onLanguage={(code) => join.send({ type: 'join.language', language: code })}
          onVoice={(on) => join.send({ type: 'join.voice', on })}
          onJoin={() => join.send({ type: 'join.submit' })}
        />
      )}
    </PublicMeetingPage>
  );
}
