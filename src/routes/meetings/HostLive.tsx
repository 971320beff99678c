// The host's live view: socket (subtitles + audio up), microphone recording, controls, sharing,
// participants and the instant summary. Mounted once the meeting exists.
import { Grid, Stack } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Subject } from 'rxjs';
import type { ActorRefFrom } from 'xstate';
import { liveSubtitlesMachine, selectIsLive, selectIsReconnecting } from '../../machines/meetings/liveSubtitles.machine';
import { createScreenCode } from '../../api/meetings/create-screen-code';
import { setMeetingSharing } from '../../api/meetings/edit-meeting';
import type { ScreenCode } from '../../api/meetings/meeting-types';
import { meetingMachine, selectElapsedMs, selectMeetingStatus } from '../../machines/meetings/meeting.machine';
import { meetingSummaryMachine } from '../../machines/meetings/meetingSummary.machine';
import { pcm16DownsamplerUrl } from '../../machines/meetings/recording.browser';
import { recordingMachine, selectRecordingStatus } from '../../machines/meetings/recording.machine';
import type { LiveClientMessage } from '../../streams/socket$';
import { ConnectionBanner } from '../../ui/meetings/ConnectionBanner';
import { formatElapsed } from '../../ui/meetings/formatElapsed';
import { HostControls } from '../../ui/meetings/HostControls';
import { ParticipantList } from '../../ui/meetings/ParticipantList';
import { SharePanel } from '../../ui/meetings/SharePanel';
import { SubtitleList } from '../../ui/meetings/SubtitleList';
import { SummaryPanel } from '../../ui/meetings/SummaryPanel';
import { useQrDataUrl } from '../use-qr-data-url';
import { socketUrlFor, type Mailbox } from './live-connection';

export interface HostLiveProps {
  meetingActor: ActorRefFrom<typeof meetingMachine>;
  meetingId: string;
  control: Mailbox<LiveClientMessage>;
}

function useNow(running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  return now;
}

export function HostLive({ meetingActor, meetingId, control }: HostLiveProps) {
  const { t } = useTranslation('meetings');
  const audio = useMemo(() => new Subject<ArrayBuffer>(), []);
  const subtitles = useActorRef(liveSubtitlesMachine, {
    input: { socketUrl: socketUrlFor(meetingId), outgoing$: control.messages$, audio$: audio },
  });
  const recording = useActorRef(recordingMachine, {
    input: { sendAudio: (pcm) => audio.next(pcm), workletUrl: pcm16DownsamplerUrl },
  });
  const meeting = useSelector(meetingActor, (s) => s.context.meeting);
  const config = useSelector(meetingActor, (s) => s.context.config);
  const meetingStatus = useSelector(meetingActor, selectMeetingStatus);
  const stopping = useSelector(meetingActor, (s) => s.matches({ live: 'stopping' }) || s.matches({ live: 'pausing' }) || s.matches({ live: 'resuming' }));
  const meetingError = useSelector(meetingActor, (s) => s.context.errorMessage ?? (s.context.errorKey ? t(s.context.errorKey) : null));
  const view = useSelector(subtitles, (s) => s.context);
  const reconnecting = useSelector(subtitles, selectIsReconnecting);
  const live = useSelector(subtitles, selectIsLive);
  const recordingStatus = useSelector(recording, selectRecordingStatus);
  const level = useSelector(recording, (s) => s.context.level);
  const noSound = useSelector(recording, (s) => s.context.noSound);
  const failure = useSelector(recording, (s) => s.context.failure);
  const now = useNow(meetingStatus === 'in_progress');
  const elapsed = useSelector(meetingActor, (s) => selectElapsedMs(s, now));

  // The socket is the server's word on the meeting state (start confirmed, ended elsewhere).
  useEffect(() => {
    if (view.meetingState) meetingActor.send({ type: 'meeting.stateChanged', state: view.meetingState });
  }, [view.meetingState, meetingActor]);

  // The microphone follows the meeting: recording while in progress, released while paused.
  useEffect(() => {
    const status = recording.getSnapshot();
    if (meetingStatus === 'in_progress') {
      if (status.matches('idle')) recording.send({ type: 'recording.start' });
      else if (status.matches('paused')) recording.send({ type: 'recording.resume' });
    } else if (meetingStatus === 'paused') recording.send({ type: 'recording.pause' });
    else if (meetingStatus === 'ended') recording.send({ type: 'recording.stop' });
  }, [meetingStatus, recording]);

  const summary = useActorRef(meetingSummaryMachine, {
    input: { transId: meeting?.transId ?? meetingId, lang: config.translationLanguages[0] },
  });
  const summaryState = useSelector(summary, (s) => s);

  const origin = window.location.origin;
  const link = meeting?.shareUrl ? new URL(meeting.shareUrl, origin).toString() : `${origin}/meetingShare?meetingId=${encodeURIComponent(meetingId)}`;
  const qr = useQrDataUrl(link, 160);
  const [sharingOpen, setSharingOpen] = useState(meeting?.shareStatus === '1');
  useEffect(() => setSharingOpen(meeting?.shareStatus === '1'), [meeting?.shareStatus]);
  const [copied, setCopied] = useState(false);
  const [cast, setCast] = useState<ScreenCode | null>(null);

  return (
    <Grid templateColumns={{ base: '1fr', lg: '1fr 320px' }} gap="4" data-testid="meeting-live">
      <Stack gap="3">
        <HostControls
          meetingStatus={meetingStatus}
          recordingStatus={recordingStatus}
          elapsed={formatElapsed(elapsed)}
          level={level}
          noSound={noSound}
          microphoneFailure={failure}
          busy={stopping}
          onPause={() => meetingActor.send({ type: 'meeting.pause' })}
          onResume={() => meetingActor.send({ type: 'meeting.resume' })}
          onStop={() => meetingActor.send({ type: 'meeting.stop' })}
          onRetryMicrophone={() => recording.send({ type: 'recording.start' })}
        />
        {meetingError && <ConnectionError text={meetingError} />}
        {view.errorMessage && <ConnectionError text={view.errorMessage} />}
        <ConnectionBanner reconnecting={reconnecting} connecting={!live && !reconnecting && meetingStatus !== 'ended'} />
        <SubtitleList
          finals={view.finals}
          partials={view.partials}
          translationLanguages={config.translationLanguages.length ? config.translationLanguages : (meeting?.translationLanguages ?? [])}
          style={config.style}
          emptyText={t('waitingForSpeech')}
        />
      </Stack>
      <Stack gap="3">
        <SharePanel
          link={link}
          qrDataUrl={qr}
          sharingOpen={sharingOpen}
          copied={copied}
          castCode={cast?.code ?? null}
          castUrl={cast ? new URL(cast.url, origin).toString() : null}
          onCopy={() => {
            void navigator.clipboard?.writeText(link).then(() => setCopied(true), () => undefined);
          }}
          onSharingChange={(open) => {
            setSharingOpen(open);
            setMeetingSharing(meetingId, open).catch(() => setSharingOpen(!open));
          }}
          onCreateCastCode={() => {
            createScreenCode(meetingId).then(setCast, () => undefined);
          }}
        />
        <ParticipantList participants={view.participants} />
        <SummaryPanel
          content={summaryState.context.summary?.content ?? null}
          keyPoints={summaryState.context.summary?.keyPoints ?? []}
          generating={summaryState.matches('generating')}
          secondsLeft={summaryState.matches('coolingDown') ? summaryState.context.secondsLeft : 0}
          error={summaryState.context.errorMessage ?? (summaryState.context.errorKey ? t(summaryState.context.errorKey) : null)}
          onRequest={() => summary.send({ type: 'summary.request' })}
        />
      </Stack>
    </Grid>
  );
}

function ConnectionError({ text }: { text: string }) {
  return (
    <Stack bg="red.50" color="red.800" p="2" borderRadius="md" fontSize="sm" data-testid="live-error">
      {text}
    </Stack>
  );
}
