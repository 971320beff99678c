// /meeting: live interpreting. Setup (languages, styles, terms) → create and start → the host's
// live view; a meeting left paused by an abnormal close (?meetingId=) is offered for repair.
// The hostMeeting machine runs all of it; this page shows its stage.
import { Alert, Button, Center, HStack, Heading, Link, Spinner, Stack, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { RouterLink } from '../shell/router-link';
import type { ActorRefFrom } from 'xstate';
import {
  hostMeetingMachine,
  selectMeetingActor,
  selectMeetingErrorKey,
  selectMeetingErrorMessage,
  selectMeetingName,
  selectSetupActor,
  selectShowsLive,
  selectStage,
  selectStatus,
  selectTransId,
  type HostMeetingActor,
} from '../../machines/meetings/hostMeeting.machine';
import { usePermissions } from '../shell/session-context';
import {
  allowedFromPermissions,
  prefetchMeetingLanguages,
  selectAllowedLanguages,
  selectHigherPlanAllowsMore,
  selectBlockingProblems,
  selectRecognitionCodes,
  selectLanguagesLoading,
  selectRecognitionUnavailable,
  selectSetupConfig,
  selectTranslationCodes,
  selectTranslationUnavailable,
  selectRecognitionEngines,
  selectTranslationEngines,
  sameUnavailable,
  type meetingSetupMachine,
} from '../../machines/meetings/meetingSetup.machine';
import { MeetingSetupForm } from '../../ui/meetings/MeetingSetupForm';
import { MeetingVocabularyPicker, useMeetingVocabularyPicker } from '../junctions/meetings-vocabulary';
import { pcm16DownsamplerUrl } from '../../machines/meetings/recording.browser';

// The language catalogue is asked for as soon as this page's code runs (it is preloaded with the page
// on a first visit), not once the page has rendered and the setup machine started (issue 27).
prefetchMeetingLanguages();

// The live view (subtitles, controls, sharing with its QR code, participants, the instant summary) and
// the ended meeting's summary load only once a meeting is live or over: the setup form, the page's
// first paint on a phone, does not wait for their code (issue 27: /meeting mobile TBT 705 ms).
const HostLive = lazy(() => import('./host-live').then((module) => ({ default: module.HostLive })));
const RecordSummary = lazy(() => import('../junctions/record-summary').then((module) => ({ default: module.RecordSummary })));

export default function MeetingPage() {
  const { t } = useTranslation('meetings');
  const [params, setParams] = useSearchParams();
  // The address names the meeting once it exists, so a reload reconnects (or offers the repair).
  const [machine] = useState(() =>
    hostMeetingMachine.provide({
      actions: {
        showMeetingInAddress: (_, { meetingId }) => {
          if (!meetingId) return;
          setParams((previous) => {
            if (previous.get('meetingId') === meetingId) return previous;
            const next = new URLSearchParams(previous);
            next.set('meetingId', meetingId);
            return next;
          }, { replace: true });
        },
      },
    }),
  );
  const host = useActorRef(machine, { input: { meetingId: params.get('meetingId'), workletUrl: pcm16DownsamplerUrl } });
  const stage = useSelector(host, selectStage);
  const status = useSelector(host, selectStatus);
  const name = useSelector(host, selectMeetingName);
  const showsLive = useSelector(host, selectShowsLive);
  const meeting = useSelector(host, selectMeetingActor);
  const errorMessage = useSelector(host, selectMeetingErrorMessage);
  const errorKey = useSelector(host, selectMeetingErrorKey);
  const error = errorMessage ?? (errorKey ? t(errorKey) : null);

  return (
    <Stack maxW="7xl" mx="auto" p={{ base: '3', md: '6' }} gap="4" data-testid="meeting-page" data-state={status}>
      <HStack justify="space-between" flexWrap="wrap">
        <Heading as="h1" size="xl" data-testid="page-title">
          {name || t('title')}
        </Heading>
        <Link asChild fontSize="sm">
          <RouterLink to="/recordList">{t('toRecords')}</RouterLink>
        </Link>
      </HStack>
      {stage === 'loading' && <StageSpinner />}
      {(stage === 'setup' || stage === 'creating') && <Setup host={host} busy={stage === 'creating'} error={error} />}
      {stage === 'created' && (
        <Button colorPalette="brand" alignSelf="start" onClick={() => meeting?.send({ type: 'meeting.start' })} data-testid="meeting-start">
          {t('startMeeting')}
        </Button>
      )}
      {(stage === 'needsRepair' || stage === 'repairing') && (
        <Alert.Root status="warning" data-testid="meeting-repair">
          <Alert.Indicator />
          <Stack gap="2">
            <Alert.Title>{t('repairTitle')}</Alert.Title>
            <Alert.Description>{t('repairBody')}</Alert.Description>
            {error && <Text color="red.700">{error}</Text>}
            <HStack>
              <Button size="sm" colorPalette="brand" loading={stage === 'repairing'} onClick={() => meeting?.send({ type: 'meeting.repair' })} data-testid="meeting-repair-end">
                {t('repairEnd')}
              </Button>
              <Button size="sm" variant="outline" onClick={() => meeting?.send({ type: 'meeting.continue' })} data-testid="meeting-repair-continue">
                {t('repairContinue')}
              </Button>
            </HStack>
          </Stack>
        </Alert.Root>
      )}
      {showsLive && (
        <Suspense fallback={<StageSpinner />}>
          <HostLive host={host} />
        </Suspense>
      )}
      {status === 'ended' && !showsLive && <Ended host={host} />}
    </Stack>
  );
}

/** What the page shows while it waits for a stage's data or code. */
function StageSpinner() {
  return (
    <Center minH="40vh">
      <Spinner />
    </Center>
  );
}

function Ended({ host }: { host: HostMeetingActor }) {
  const { t } = useTranslation('meetings');
  const transId = useSelector(host, selectTransId);
  return (
    <>
      <Alert.Root status="success" data-testid="meeting-ended">
        <Alert.Indicator />
        <Alert.Title>{t('endedTitle')}</Alert.Title>
        <HStack ms="auto" gap="3">
          {transId && (
            <Link asChild>
              <RouterLink to={`/meetingDetail?id=${encodeURIComponent(transId)}`} data-testid="meeting-detail-link">
                {t('openTranscript')}
              </RouterLink>
            </Link>
          )}
          <Link asChild>
            <RouterLink to="/recordList">{t('toRecords')}</RouterLink>
          </Link>
        </HStack>
      </Alert.Root>
      {/* The meeting's summary, kept as it ended: "Generate" only when there is none, "Regenerate" only after edits. */}
      {transId && (
        <Suspense fallback={<StageSpinner />}>
          <RecordSummary transId={transId} />
        </Suspense>
      )}
    </>
  );
}

/** The setup form: the meetingSetup child (kept, done, while the meeting is being created). */
function Setup({ host, busy, error }: { host: HostMeetingActor; busy: boolean; error: string | null }) {
  const setup = useSelector(host, selectSetupActor);
  return setup ? <SetupWhenLanguagesKnown setup={setup} busy={busy} error={error} /> : null;
}

/**
 * The form waits (the page's spinner stays) for the server's language catalogue: shown with the fixed
 * list first, its chips gained their "not available" notes a moment later and wrapped onto twice the
 * rows, moving the whole form down (CLS 0.46 on /meeting desktop, issue 27). A failed load still
 * shows the form, with the fixed list.
 */
function SetupWhenLanguagesKnown({ setup, busy, error }: { setup: ActorRefFrom<typeof meetingSetupMachine>; busy: boolean; error: string | null }) {
  const loading = useSelector(setup, selectLanguagesLoading);
  if (loading) return <StageSpinner />;
  return <SetupForm setup={setup} busy={busy} error={error} />;
}

function SetupForm({ setup, busy, error }: { setup: ActorRefFrom<typeof meetingSetupMachine>; busy: boolean; error: string | null }) {
  const config = useSelector(setup, selectSetupConfig);
  const recognitionCodes = useSelector(setup, selectRecognitionCodes);
  const translationCodes = useSelector(setup, selectTranslationCodes);
  const recognitionUnavailable = useSelector(setup, selectRecognitionUnavailable, sameUnavailable);
  const translationUnavailable = useSelector(setup, selectTranslationUnavailable, sameUnavailable);
  const recognitionEngines = useSelector(setup, selectRecognitionEngines, sameUnavailable);
  const translationEngines = useSelector(setup, selectTranslationEngines, sameUnavailable);
  const problems = useSelector(setup, selectBlockingProblems, (a, b) => a.join() === b.join());
  // The plan's limits follow the session's permissions, which a payment re-reads (purchase.paid →
  // account.refresh): the form shows the new limits without a reload.
  const permissions = usePermissions();
  const recognitionAllowed = permissions?.recognitionCount;
  const translationAllowed = permissions?.translateCount;
  useEffect(
    () => setup.send({ type: 'setup.allowed', allowed: allowedFromPermissions({ recognitionCount: recognitionAllowed, translateCount: translationAllowed }) }),
    [setup, recognitionAllowed, translationAllowed],
  );
  const allowed = useSelector(setup, selectAllowedLanguages);
  const allowsMore = useSelector(setup, selectHigherPlanAllowsMore);
  const picker = useMeetingVocabularyPicker(config.documentIds ?? []);
  // Stable, so the memoised language chips skip the form's other re-renders.
  const toggleRecognition = useCallback((code: string) => setup.send({ type: 'setup.toggleRecognition', code }), [setup]);
  const toggleTranslation = useCallback((code: string) => setup.send({ type: 'setup.toggleTranslation', code }), [setup]);
  return (
    <MeetingSetupForm
      allowed={allowed}
      higherPlanAllowsMore={allowsMore}
      config={config}
      recognitionCodes={recognitionCodes}
      translationCodes={translationCodes}
      recognitionUnavailable={recognitionUnavailable}
      translationUnavailable={translationUnavailable}
      recognitionEngines={recognitionEngines}
      translationEngines={translationEngines}
      problems={problems}
      busy={busy}
      error={error}
      onToggleRecognition={toggleRecognition}
      onToggleTranslation={toggleTranslation}
      onChange={(patch) => {
        if (patch.name !== undefined) setup.send({ type: 'setup.rename', name: patch.name });
        if (patch.style) setup.send({ type: 'setup.restyle', style: patch.style });
        if (patch.termsAccepted) setup.send({ type: 'setup.acceptTerms' });
      }}
      onStart={() => setup.send({ type: 'setup.submit' })}
      onPickVocabulary={() => picker.send({ type: 'picker.open' })}
      vocabularyDialog={<MeetingVocabularyPicker picker={picker} onConfirm={(documentIds) => setup.send({ type: 'setup.pickLibraries', documentIds })} />}
    />
  );
}
