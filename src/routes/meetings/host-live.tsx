// The host's live view: subtitles, controls, sharing, participants and the instant summary. Every
// lifecycle (socket, microphone, summary, sharing calls) runs in the hostMeeting machine; this view
// reads its narrow selectors and those of its children, and sends events.
import { Card, Grid, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { RouterLink } from '../shell/router-link';
import type { ActorRefFrom } from 'xstate';
import { ConfirmDialog } from '../../ui/common/ConfirmDialog';
import { HostSpeakers } from './host-speakers';
import {
  selectInviteBusy,
  selectInviteCopied,
  selectInviteExpireTime,
  selectInviteExpiry,
  selectInviteLink,
  selectInviteStatus,
  type MeetingInviteActor,
} from '../../machines/meetings/meetingInvite.machine';
import {
  selectAllowanceNotice,
  selectBusy,
  selectCastCode,
  selectCastScreens,
  selectCastUrl,
  selectConfirmingStop,
  selectCopied,
  selectElapsedMs,
  selectInviteActor,
  selectLook,
  selectMeetingActor,
  selectMeetingErrorKey,
  selectMeetingErrorMessage,
  selectRecordingActor,
  selectScreenBusy,
  selectShareLink,
  selectSharingOpen,
  selectStatus,
  selectSubtitlesActor,
  selectSummaryActor,
  selectSpokenLanguage,
  selectTranslationLanguagesShown,
  selectVocabulariesInForce,
  selectTransId,
  type HostMeetingActor,
} from '../../machines/meetings/hostMeeting.machine';
import {
  selectFinals,
  selectIsConnecting,
  selectIsReconnecting,
  selectPartials,
  selectSubtitlesError,
  type liveSubtitlesMachine,
} from '../../machines/meetings/liveSubtitles.machine';
import {
  selectSummaryContent,
  selectSummaryErrorKey,
  selectSummaryErrorMessage,
  selectSummaryGenerating,
  selectSummaryKeyPoints,
  selectSummaryLanguage,
  selectSummarySecondsLeft,
  type meetingSummaryMachine,
} from '../../machines/meetings/meetingSummary.machine';
import {
  selectLevel,
  selectMicrophoneFailure,
  selectNoSound,
  selectRecordingStatus,
  type recordingMachine,
} from '../../machines/meetings/recording.machine';
import { AllowanceNotice } from '../../ui/meetings/AllowanceNotice';
import { ConnectionBanner } from '../../ui/meetings/ConnectionBanner';
import { formatElapsed } from '../../ui/meetings/format-elapsed';
import { HostControls } from '../../ui/meetings/HostControls';
import { InvitePanel } from '../../ui/meetings/InvitePanel';
import { HostJoinedList } from './host-joined-list';
import { ScreenControls } from '../../ui/meetings/ScreenControls';
import { SharePanel } from '../../ui/meetings/SharePanel';
import { SubtitleList } from '../../ui/meetings/SubtitleList';
import { SummaryPanel } from '../../ui/meetings/SummaryPanel';
import { VocabulariesInForce } from '../../ui/common/VocabulariesInForce';
import { RecordSummary } from '../junctions/record-summary';
import { useAppBus, useAppMessage } from '../shell/app-bus';
import { usePurchasesOffered } from '../shell/session-context';
import { useQrDataUrl } from '../shell/use-qr-data-url';

export function HostLive({ host }: { host: HostMeetingActor }) {
  const subtitles = useSelector(host, selectSubtitlesActor);
  const recording = useSelector(host, selectRecordingActor);
  const summary = useSelector(host, selectSummaryActor);
  const ended = useSelector(host, selectStatus) === 'ended';
  return (
    <Grid templateColumns={{ base: '1fr', lg: '1fr 320px' }} gap="4" data-testid="meeting-live">
      <Stack gap="3">
        <LiveTime host={host} />
        <Vocabularies host={host} />
        {recording && <Controls host={host} recording={recording} />}
        {subtitles && <Subtitles host={host} subtitles={subtitles} />}
      </Stack>
      <Stack gap="3">
        {ended ? <EndedPanel host={host} /> : <Sharing host={host} />}
        {!ended && <Invites host={host} />}
        {!ended && <Screens host={host} />}
        {subtitles && <HostJoinedList host={host} subtitles={subtitles} />}
        {summary && !ended && <Summary summary={summary} />}
      </Stack>
    </Grid>
  );
}

/** The host's live time: used up → Buy (the dialog on the duration tab); a payment is told to the machine. */
function LiveTime({ host }: { host: HostMeetingActor }) {
  const notice = useSelector(host, selectAllowanceNotice);
  const bus = useAppBus();
  const purchasesOffered = usePurchasesOffered();
  useAppMessage('purchase.paid', () => host.send({ type: 'host.purchasePaid' }));
  return (
    <AllowanceNotice
      notice={notice}
      purchasesOffered={purchasesOffered}
      // The duration tab (features §4: 92505000/1 open it there too).
      onBuy={() => bus.send({ type: 'purchase.open', tab: 'duration' })}
      onDismiss={() => host.send({ type: 'allowance.dismiss' })}
    />
  );
}

function Controls({ host, recording }: { host: HostMeetingActor; recording: ActorRefFrom<typeof recordingMachine> }) {
  const { t } = useTranslation('meetings');
  const meeting = useSelector(host, selectMeetingActor);
  const status = useSelector(host, selectStatus);
  const busy = useSelector(host, selectBusy);
  const elapsed = useSelector(host, selectElapsedMs);
  const errorMessage = useSelector(host, selectMeetingErrorMessage);
  const errorKey = useSelector(host, selectMeetingErrorKey);
  const recordingStatus = useSelector(recording, selectRecordingStatus);
  const level = useSelector(recording, selectLevel);
  const noSound = useSelector(recording, selectNoSound);
  const failure = useSelector(recording, selectMicrophoneFailure);
  const confirmingStop = useSelector(host, selectConfirmingStop);
  const error = errorMessage ?? (errorKey ? t(errorKey) : null);
  return (
    <>
      <ConfirmDialog
        open={confirmingStop}
        title={t('stopConfirmTitle')}
        body={t('stopConfirmBody')}
        confirmLabel={t('stop')}
        testId="meeting-stop-confirm"
        onConfirm={() => host.send({ type: 'host.confirmStop' })}
        onCancel={() => host.send({ type: 'host.cancelStop' })}
      />
      <HostControls
        meetingStatus={status}
        recordingStatus={recordingStatus}
        elapsed={formatElapsed(elapsed)}
        level={level}
        noSound={noSound}
        microphoneFailure={failure}
        busy={busy}
        onPause={() => meeting?.send({ type: 'meeting.pause' })}
        onResume={() => meeting?.send({ type: 'meeting.resume' })}
        onStop={() => host.send({ type: 'host.askStop' })}
        onRetryMicrophone={() => host.send({ type: 'host.retryMicrophone' })}
      />
      {error && <ConnectionError text={error} />}
    </>
  );
}

function Subtitles({ host, subtitles }: { host: HostMeetingActor; subtitles: ActorRefFrom<typeof liveSubtitlesMachine> }) {
  const { t } = useTranslation('meetings');
  const status = useSelector(host, selectStatus);
  const languages = useSelector(host, selectTranslationLanguagesShown);
  const spoken = useSelector(host, selectSpokenLanguage);
  const look = useSelector(host, selectLook);
  const finals = useSelector(subtitles, selectFinals);
  const partials = useSelector(subtitles, selectPartials);
  const reconnecting = useSelector(subtitles, selectIsReconnecting);
  const connecting = useSelector(subtitles, selectIsConnecting);
  const error = useSelector(subtitles, selectSubtitlesError);
  const meetingId = useSelector(host, (snapshot) => snapshot.context.view.meeting?.id ?? null);
  return (
    <>
      {error && <ConnectionError text={error} />}
      <ConnectionBanner reconnecting={reconnecting} connecting={connecting && status !== 'ended'} />
      <SubtitleList finals={finals} partials={status === 'ended' ? NO_LINES : partials} translationLanguages={languages} spokenLanguage={spoken} style={look} emptyText={t('waitingForSpeech')} />
      {meetingId && <HostSpeakers meetingId={meetingId} finals={finals} />}
    </>
  );
}

const NO_LINES: never[] = [];

/** After the end: sharing and casting are over; the record and its summary are where to go. */
function EndedPanel({ host }: { host: HostMeetingActor }) {
  const { t } = useTranslation('meetings');
  const transId = useSelector(host, selectTransId);
  const detail = transId ? `/meetingDetail?id=${encodeURIComponent(transId)}` : null;
  return (
    <>
      <Card.Root data-testid="meeting-ended-panel">
        <Card.Body>
          <Stack gap="2">
            <Heading size="md">{t('endedPanelTitle')}</Heading>
            <Text fontSize="sm" color="fg.muted">{t('endedPanelBody')}</Text>
            {detail && (
              <>
                <Link asChild>
                  <RouterLink to={detail} data-testid="ended-record-link">{t('openTranscript')}</RouterLink>
                </Link>
                <Link asChild>
                  <RouterLink to={`${detail}#summary`} data-testid="ended-summary-link">{t('openSummary')}</RouterLink>
                </Link>
              </>
            )}
          </Stack>
        </Card.Body>
      </Card.Root>
      {/* The meeting's summary, kept as it ended (its record's): offered again only when there is none or the transcript changed. */}
      {transId && <RecordSummary transId={transId} />}
    </>
  );
}

function Sharing({ host }: { host: HostMeetingActor }) {
  const link = useSelector(host, selectShareLink) ?? '';
  const sharingOpen = useSelector(host, selectSharingOpen);
  const copied = useSelector(host, selectCopied);
  const castCode = useSelector(host, selectCastCode);
  const castUrl = useSelector(host, selectCastUrl);
  const qr = useQrDataUrl(link, 160);
  return (
    <SharePanel
      link={link}
      qrDataUrl={qr}
      sharingOpen={sharingOpen}
      copied={copied}
      castCode={castCode}
      castUrl={castUrl}
      onCopy={() => host.send({ type: 'share.copy' })}
      onSharingChange={(open) => host.send({ type: 'share.toggle', open })}
      onCreateCastCode={() => host.send({ type: 'share.castCode' })}
    />
  );
}

/** The invitation: its own child machine (link, QR, expiry, open/closed), beside the sharing switch. */
function Invites({ host }: { host: HostMeetingActor }) {
  const invite = useSelector(host, selectInviteActor);
  return invite ? <InviteControls invite={invite} /> : null;
}

function InviteControls({ invite }: { invite: MeetingInviteActor }) {
  const status = useSelector(invite, selectInviteStatus);
  const link = useSelector(invite, selectInviteLink);
  const expiry = useSelector(invite, selectInviteExpiry);
  const expireTime = useSelector(invite, selectInviteExpireTime);
  const busy = useSelector(invite, selectInviteBusy);
  const copied = useSelector(invite, selectInviteCopied);
  const qr = useQrDataUrl(status === 'open' ? (link ?? '') : '', 160);
  return (
    <InvitePanel
      status={status}
      link={link}
      qrDataUrl={qr}
      expiry={expiry}
      expireTime={expireTime}
      busy={busy}
      copied={copied}
      onOpenChange={(open) => invite.send({ type: open ? 'invite.open' : 'invite.close' })}
      onExpiry={(choice) => invite.send({ type: 'invite.expiry', expiry: choice })}
      onCopy={() => invite.send({ type: 'invite.copy' })}
      onRenew={() => invite.send({ type: 'invite.renew' })}
    />
  );
}

/** Issue 14 §4: the libraries in force, one line under the live time (nothing when none applies). */
function Vocabularies({ host }: { host: HostMeetingActor }) {
  const libraries = useSelector(host, selectVocabulariesInForce);
  return <VocabulariesInForce libraries={libraries} testId="meeting-vocabularies" />;
}

function Screens({ host }: { host: HostMeetingActor }) {
  const screens = useSelector(host, selectCastScreens);
  const languages = useSelector(host, selectTranslationLanguagesShown);
  const busy = useSelector(host, selectScreenBusy);
  return <ScreenControls screens={screens} languages={languages} busy={busy} onChange={(change) => host.send({ type: 'screen.change', change })} />;
}

function Summary({ summary }: { summary: ActorRefFrom<typeof meetingSummaryMachine> }) {
  const { t, i18n } = useTranslation('meetings');
  const content = useSelector(summary, selectSummaryContent);
  const keyPoints = useSelector(summary, selectSummaryKeyPoints);
  const generating = useSelector(summary, selectSummaryGenerating);
  const secondsLeft = useSelector(summary, selectSummarySecondsLeft);
  const errorMessage = useSelector(summary, selectSummaryErrorMessage);
  const errorKey = useSelector(summary, selectSummaryErrorKey);
  const language = useSelector(summary, selectSummaryLanguage);
  return (
    <SummaryPanel
      content={content}
      keyPoints={keyPoints}
      language={language}
      generating={generating}
      secondsLeft={secondsLeft}
      error={errorMessage ?? (errorKey ? t(errorKey) : null)}
      // The host's interface language: the summary is asked in it when the meeting has lines in it.
      onRequest={() => summary.send({ type: 'summary.request', hostLanguage: i18n.language })}
    />
  );
}

function ConnectionError({ text }: { text: string }) {
  return (
    <Stack bg="red.50" color="red.800" p="2" borderRadius="md" fontSize="sm" data-testid="live-error">
      {text}
    </Stack>
  );
}
