// /meetingShare?meetingId=: a participant (no account needed) picks a translation language and
// voice broadcast, then joins /meetingShareIng. An ended meeting or closed sharing says so.
import { Center, Spinner } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { getMeeting } from '../../api/meetings/get-meeting';
import type { Meeting } from '../../api/meetings/meeting-types';
import { JoinForm } from '../../ui/meetings/JoinForm';
import { LinkExpired } from '../../ui/meetings/LinkExpired';
import { StandalonePage } from '../../ui/pages/StandalonePage';
import { ensureToken } from './live-connection';

export function MeetingJoinPage({ meetingId }: { meetingId: string }) {
  const { t } = useTranslation('meetings');
  const navigate = useNavigate();
  const [meeting, setMeeting] = useState<Meeting | null>(null);
  const [failed, setFailed] = useState(false);
  const [language, setLanguage] = useState('');
  const [voice, setVoice] = useState(false);
  const voiceSupported = typeof window !== 'undefined' && 'speechSynthesis' in window;

  useEffect(() => {
    let current = true;
    ensureToken()
      .then(() => getMeeting(meetingId))
      .then((found) => {
        if (!current) return;
        setMeeting(found);
        setLanguage(found.translationLanguages[0] ?? '');
      })
      .catch(() => current && setFailed(true));
    return () => {
      current = false;
    };
  }, [meetingId]);

  const expired = failed || meeting?.state === 'ended' || meeting?.shareStatus === '0';
  return (
    <StandalonePage>
      {!meeting && !failed && (
        <Center minH="40vh">
          <Spinner />
        </Center>
      )}
      {expired && <LinkExpired title={t('linkExpired')} body={t('linkExpiredBody')} />}
      {meeting && !expired && (
        <JoinForm
          meetingName={meeting.name}
          hostName={meeting.hostName ?? null}
          languages={meeting.translationLanguages}
          language={language}
          voice={voice}
          voiceSupported={voiceSupported}
          onLanguage={setLanguage}
          onVoice={setVoice}
          onJoin={() => {
            const query = new URLSearchParams({ meetingId, lang: language });
            if (voice) query.set('voice', '1');
            navigate(`/meetingShareIng?${query.toString()}`);
          }}
        />
      )}
    </StandalonePage>
  );
}
