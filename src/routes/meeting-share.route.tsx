import { useSearchParams } from 'react-router-dom';
import { MeetingJoinPage } from './meetings/MeetingJoinPage';
import { SharedRecordPage } from './records/shared-record-page';

/**
 * /meetingShare is two areas' page: ?meetingId=<id> is a live meeting's join page, ?id=&shareCode=
 * a shared record. Cross-area wiring lives at the root of src/routes.
 */
export default function MeetingSharePage() {
  const [params] = useSearchParams();
  const meetingId = params.get('meetingId');
  if (meetingId && !params.get('id')) return <MeetingJoinPage meetingId={meetingId} />;
  return <SharedRecordPage />;
}
