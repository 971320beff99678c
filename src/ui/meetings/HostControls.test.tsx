// The host's controls follow the meeting's state: an ended meeting offers neither Pause nor Stop.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../test-render';
import { HostControls, type HostControlsProps } from './HostControls';

const noop = () => undefined;
const render = (meetingStatus: HostControlsProps['meetingStatus']) =>
  renderUi(
    <HostControls
      meetingStatus={meetingStatus}
      recordingStatus={meetingStatus === 'ended' ? 'stopped' : 'recording'}
      elapsed="00:10"
      level={0}
      noSound={false}
      microphoneFailure={null}
      busy={false}
      onPause={noop}
      onResume={noop}
      onStop={noop}
      onRetryMicrophone={noop}
    />,
  );

describe('HostControls', () => {
  it('offers Pause and Stop while the meeting runs', async () => {
    await render('in_progress');
    expect(screen.getByTestId('meeting-pause')).toBeTruthy();
    expect(screen.getByTestId('meeting-stop')).toBeTruthy();
  });

  it('leaves no Pause (nor Resume, nor Stop) on an ended meeting', async () => {
    await render('ended');
    expect(screen.getByTestId('meeting-status').getAttribute('data-status')).toBe('ended');
    expect(screen.queryByTestId('meeting-pause')).toBeNull();
    expect(screen.queryByTestId('meeting-resume')).toBeNull();
    expect(screen.queryByTestId('meeting-stop')).toBeNull();
  });
});
