// /meeting: live interpreting. Setup (languages, styles, terms) → create and start → the host's
// live view; a meeting left paused by an abnormal close (?meetingId=) is offered for repair.
import { Alert, Button, Center, HStack, Heading, Link, Spinner, Stack, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { meetingLanguages } from '../../api/meetings/select-language';
import { meetingMachine, selectMeetingStatus } from '../../machines/meetings/meeting.machine';
import { setupProblems, toggleRecognition, toggleTranslation } from '../../machines/meetings/meetingSetup.rules';
import type { LiveClientMessage } from '../../streams/socket$';
import { MeetingSetupForm } from '../../ui/meetings/MeetingSetupForm';
import { HostLive } from './HostLive';
import { createMailbox } from './live-connection';

// Offered when the language call fails, so setup still works offline of the catalogue.
const FALLBACK_RECOGNITION = ['en-US', 'zh-CN', 'zh-TW', 'es-ES', 'fr-FR', 'de-DE', 'ja-JP', 'ko-KR'];
const FALLBACK_TRANSLATION = ['es-ES', 'zh-CN', 'zh-TW', 'en-US', 'fr-FR', 'de-DE', 'ja-JP', 'ko-KR'];

function useLanguageCodes() {
  const [codes, setCodes] = useState({ recognition: FALLBACK_RECOGNITION, translation: FALLBACK_TRANSLATION });
  useEffect(() => {
    let current = true;
    meetingLanguages()
      .then((lists) => {
        if (!current) return;
        const recognition = lists.transcribeLanguage.map((l) => l.code);
        const translation = lists.translation.map((l) => l.code);
        setCodes({
          recognition: recognition.length ? recognition : FALLBACK_RECOGNITION,
          translation: translation.length ? translation : FALLBACK_TRANSLATION,
        });
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, []);
  return codes;
}

export default function MeetingPage() {
  const { t } = useTranslation('meetings');
  const [params, setParams] = useSearchParams();
  const control = useMemo(() => createMailbox<LiveClientMessage>(), []);
  const meetingActor = useActorRef(meetingMachine, {
    input: { meetingId: params.get('meetingId'), sendControl: (action) => control.post({ type: 'control', action }) },
  });
  const snapshot = useSelector(meetingActor, (s) => s);
  const status = selectMeetingStatus(snapshot);
  const codes = useLanguageCodes();
  const meeting = snapshot.context.meeting;
  const config = snapshot.context.config;
  const [wasLive, setWasLive] = useState(false);
  const isLive = snapshot.matches('live');

  useEffect(() => {
    if (isLive) setWasLive(true);
  }, [isLive]);

  // The address names the meeting once it exists, so a reload reconnects (or offers the repair).
  useEffect(() => {
    if (meeting?.id && meeting.name && params.get('meetingId') !== meeting.id) {
      setParams((previous) => {
        const next = new URLSearchParams(previous);
        next.set('meetingId', meeting.id);
        return next;
      }, { replace: true });
    }
  }, [meeting?.id, meeting?.name, params, setParams]);

  const error = snapshot.context.errorMessage ?? (snapshot.context.errorKey ? t(snapshot.context.errorKey) : null);

  return (
    <Stack maxW="7xl" mx="auto" p={{ base: '3', md: '6' }} gap="4" data-testid="meeting-page" data-state={status}>
      <HStack justify="space-between" flexWrap="wrap">
        <Heading as="h1" size="xl" data-testid="page-title">
          {meeting?.name || t('title')}
        </Heading>
        <Link asChild fontSize="sm">
          <RouterLink to="/recordList">{t('toRecords')}</RouterLink>
        </Link>
      </HStack>
      {(snapshot.matches('checking') || snapshot.matches('deciding')) && (
        <Center minH="40vh">
          <Spinner />
        </Center>
      )}
      {(snapshot.matches('setup') || snapshot.matches('creating')) && (
        <MeetingSetupForm
          config={config}
          recognitionCodes={codes.recognition}
          translationCodes={codes.translation}
          problems={setupProblems(config)}
          busy={snapshot.matches('creating')}
          error={error}
          onToggleRecognition={(code) => meetingActor.send({ type: 'meeting.configure', config: toggleRecognition(config, code) })}
          onToggleTranslation={(code) => meetingActor.send({ type: 'meeting.configure', config: toggleTranslation(config, code) })}
          onChange={(patch) => meetingActor.send({ type: 'meeting.configure', config: patch })}
          onStart={() => meetingActor.send({ type: 'meeting.create' })}
        />
      )}
      {snapshot.matches('created') && (
        <Button colorPalette="brand" alignSelf="start" onClick={() => meetingActor.send({ type: 'meeting.start' })} data-testid="meeting-start">
          {t('startMeeting')}
        </Button>
      )}
      {(snapshot.matches('needsRepair') || snapshot.matches('repairing')) && (
        <Alert.Root status="warning" data-testid="meeting-repair">
          <Alert.Indicator />
          <Stack gap="2">
            <Alert.Title>{t('repairTitle')}</Alert.Title>
            <Alert.Description>{t('repairBody')}</Alert.Description>
            {error && <Text color="red.700">{error}</Text>}
            <HStack>
              <Button size="sm" colorPalette="brand" loading={snapshot.matches('repairing')} onClick={() => meetingActor.send({ type: 'meeting.repair' })} data-testid="meeting-repair-end">
                {t('repairEnd')}
              </Button>
              <Button size="sm" variant="outline" onClick={() => meetingActor.send({ type: 'meeting.continue' })} data-testid="meeting-repair-continue">
                {t('repairContinue')}
              </Button>
            </HStack>
          </Stack>
        </Alert.Root>
      )}
      {meeting?.id && (isLive || (wasLive && status === 'ended')) && <HostLive meetingActor={meetingActor} meetingId={meeting.id} control={control} />}
      {status === 'ended' && (
        <Alert.Root status="success" data-testid="meeting-ended">
          <Alert.Indicator />
          <Alert.Title>{t('endedTitle')}</Alert.Title>
          <HStack ms="auto" gap="3">
            {meeting?.transId && (
              <Link asChild>
                <RouterLink to={`/meetingDetail?id=${encodeURIComponent(meeting.transId)}`} data-testid="meeting-detail-link">
                  {t('openTranscript')}
                </RouterLink>
              </Link>
            )}
            <Link asChild>
              <RouterLink to="/recordList">{t('toRecords')}</RouterLink>
            </Link>
          </HStack>
        </Alert.Root>
      )}
    </Stack>
  );
}
