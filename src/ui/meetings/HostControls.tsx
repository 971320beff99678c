import { Alert, Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { MeetingStatus as MeetingState } from '../../shared/contract/meeting';
import { LevelMeter } from './LevelMeter';

export type RecordingStatus = 'idle' | 'starting' | 'recording' | 'paused' | 'stopped' | 'failed';

export interface HostControlsProps {
  meetingStatus: MeetingState;
  recordingStatus: RecordingStatus;
  elapsed: string;
  level: number;
  noSound: boolean;
  /** microphoneDenied / audioNotSupported / microphoneUnavailable */
  microphoneFailure: string | null;
  busy: boolean;
  onPause(): void;
  onResume(): void;
  /** Asks to end (the page confirms first). */
  onStop(): void;
  onRetryMicrophone(): void;
}

const STATUS_PALETTE: Record<MeetingState, string> = { not_started: 'gray', in_progress: 'green', paused: 'orange', ended: 'red' };

export function HostControls(props: HostControlsProps) {
  const { t } = useTranslation('meetings');
  const { meetingStatus, recordingStatus } = props;
  return (
    <Stack gap="3" data-testid="host-controls">
      <HStack gap="3" flexWrap="wrap">
        <Badge colorPalette={STATUS_PALETTE[meetingStatus]} size="lg" data-testid="meeting-status" data-status={meetingStatus}>
          {t(`meetingState_${meetingStatus}`)}
        </Badge>
        <Badge variant="outline" data-testid="recording-status" data-status={recordingStatus}>
          {t(`recordingState_${recordingStatus}`)}
        </Badge>
        <Text fontFamily="mono" data-testid="meeting-elapsed" aria-label={t('elapsed')}>
          {props.elapsed}
        </Text>
        <LevelMeter level={props.level} label={t('microphoneLevel')} />
        <HStack gap="2" ms="auto">
          {meetingStatus === 'paused' && (
            <Button size="sm" colorPalette="brand" onClick={props.onResume} disabled={props.busy} data-testid="meeting-resume">
              {t('resume')}
            </Button>
          )}
          {/* An ended meeting has nothing to pause: no greyed button left behind. */}
          {meetingStatus !== 'paused' && meetingStatus !== 'ended' && (
            <Button size="sm" variant="outline" onClick={props.onPause} disabled={props.busy || meetingStatus !== 'in_progress'} data-testid="meeting-pause">
              {t('pause')}
            </Button>
          )}
          {meetingStatus !== 'ended' && (
            <Button size="sm" colorPalette="red" onClick={props.onStop} loading={props.busy} data-testid="meeting-stop">
              {t('stop')}
            </Button>
          )}
        </HStack>
      </HStack>
      {meetingStatus === 'paused' && (
        <Alert.Root status="info" data-testid="meeting-paused-hint">
          <Alert.Indicator />
          <Alert.Title>{t('pausedHint')}</Alert.Title>
        </Alert.Root>
      )}
      {props.microphoneFailure && (
        <Alert.Root status="error" data-testid="microphone-failure" data-reason={props.microphoneFailure}>
          <Alert.Indicator />
          <Alert.Title>{t(`microphone_${props.microphoneFailure}`)}</Alert.Title>
          <Button size="xs" ms="auto" variant="outline" onClick={props.onRetryMicrophone}>
            {t('retry')}
          </Button>
        </Alert.Root>
      )}
      {props.noSound && recordingStatus === 'recording' && (
        <Alert.Root status="warning" data-testid="no-sound">
          <Alert.Indicator />
          <Alert.Title>{t('noSound')}</Alert.Title>
        </Alert.Root>
      )}
    </Stack>
  );
}
