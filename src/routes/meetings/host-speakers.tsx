// The host's live speakers: who was heard (from the subtitle lines) and the rename of one, run by
// the speakerRename machine and drawn by SpeakerNames.
import { useMachine } from '@xstate/react';
import type { LiveSubtitleLine } from '../../shared/contract/meeting';
import { speakersOf } from '../../machines/meetings/liveSubtitles.lines';
import { speakerRenameMachine } from '../../machines/meetings/speakerRename.machine';
import { SpeakerNames } from '../../ui/meetings/SpeakerNames';

export function HostSpeakers({ meetingId, finals }: { meetingId: string; finals: readonly LiveSubtitleLine[] }) {
  const [state, send] = useMachine(speakerRenameMachine, { input: { meetingId } });
  const { speakerIndex, draft, failed } = state.context;
  const editing = speakerIndex !== null && !state.matches('idle') ? { speakerIndex, draft, failed, saving: state.matches('saving') } : null;
  return (
    <SpeakerNames
      speakers={speakersOf(finals)}
      editing={editing}
      onEdit={(index, name) => send({ type: 'speaker.edit', speakerIndex: index, name })}
      onType={(name) => send({ type: 'speaker.type', name })}
      onSave={() => send({ type: 'speaker.save' })}
      onCancel={() => send({ type: 'speaker.cancel' })}
    />
  );
}
