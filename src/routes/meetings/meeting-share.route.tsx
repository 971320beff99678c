import { useSearchParams } from 'react-router-dom';
import { MeetingJoinPage } from './meeting-join-page';
import { SharedRecordPage, type SharedPlaybackInput } from '../records/shared-record-page';
import { SharedTranscriptPlayback } from '../junctions/transcript-meetings-records';

function renderPlayback({ id, shareCode, record, lines, copyAllowed }: SharedPlaybackInput) {
  return (
    <SharedTranscriptPlayback
      id={id}
      shareCode={shareCode}
      lines={lines}
      language={record.languages[0] ?? 'en-US'}
      showTranslation={record.targetLanguages.length > 0 || lines.some((line) => line.translation)}
      downloadAllowed={copyAllowed}
    />
  );
}

/**
 * /meetingShare is two areas' page: ?meetingId=<id> (or an invitation, ?invite=<code>) is a live
 * meeting's join page, ?id=&shareCode=
 * a shared record (the records area's page), played with the transcript area's player from the
 * junction. A route file may compose another area's UI (see .dependency-cruiser.cjs).
 */
export default function MeetingSharePage() {
  const [params] = useSearchParams();
  const meetingId = params.get('meetingId');
  const invite = params.get('invite');
  if (invite) return <MeetingJoinPage meetingId="" invite={invite} />;
  if (meetingId && !params.get('id')) return <MeetingJoinPage meetingId={meetingId} />;
  return <SharedRecordPage renderPlayback={renderPlayback} />;
}
