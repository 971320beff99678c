// The host's joined user list (features §2): index, name, language, join and leave time, live and
// after the end. The join records (joinedList machine) are read when the view opens and again when
// the meeting ends; the live socket's participant messages are laid over them as they come.
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { selectStatus, type HostMeetingActor, type hostMeetingMachine } from '../../machines/meetings/hostMeeting.machine';
import { joinedRows } from '../../machines/meetings/joinedList.rows';
import { joinedListMachine, selectJoinedListError, selectJoinRecords } from '../../machines/meetings/joinedList.machine';
import { selectParticipants, selectScreensConnected, type liveSubtitlesMachine } from '../../machines/meetings/liveSubtitles.machine';
import { ParticipantList } from '../../ui/meetings/ParticipantList';

export const selectHostMeetingId = (snapshot: SnapshotFrom<typeof hostMeetingMachine>) => snapshot.context.view.meeting?.id ?? '';

export function HostJoinedList({ host, subtitles }: { host: HostMeetingActor; subtitles: ActorRefFrom<typeof liveSubtitlesMachine> }) {
  const meetingId = useSelector(host, selectHostMeetingId);
  return meetingId ? <JoinedList key={meetingId} meetingId={meetingId} host={host} subtitles={subtitles} /> : null;
}

function JoinedList({ meetingId, host, subtitles }: { meetingId: string; host: HostMeetingActor; subtitles: ActorRefFrom<typeof liveSubtitlesMachine> }) {
  const ended = useSelector(host, selectStatus) === 'ended';
  const joins = useActorRef(joinedListMachine, { input: { meetingId } });
  // The end closes every join on the server: read them again once it happens here (not when opened ended).
  const wasEnded = useRef(ended);
  useEffect(() => {
    if (ended && !wasEnded.current) joins.send({ type: 'joined.refresh' });
    wasEnded.current = ended;
  }, [ended, joins]);
  const records = useSelector(joins, selectJoinRecords);
  const error = useSelector(joins, selectJoinedListError);
  const live = useSelector(subtitles, selectParticipants);
  const screens = useSelector(subtitles, selectScreensConnected);
  const rows = useMemo(() => joinedRows(records, live), [records, live]);
  return <ParticipantList participants={rows} screens={ended ? 0 : screens} ended={ended} errorText={error} />;
}
