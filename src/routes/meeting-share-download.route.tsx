// /meetingShareDownload: the meetings area's download page with the transcript area's player. The
// meeting's recording plays through its share link (the server serves the meeting's own record only,
// with range requests), the line being spoken highlighted as on the shared record page.
import { useMemo } from 'react';
import type { PlayableLine } from './transcript/use-transcript-playback';
import { MeetingShareDownloadPage, type MeetingPlaybackInput } from './meetings/meeting-share-download.route';
import { SharedTranscriptPlayback } from './junctions/transcript-meetings-records';

function MeetingPlayback({ meetingId, record, language }: MeetingPlaybackInput) {
  // The lines in the chosen translation language (the record itself keeps only the first one).
  const lines: PlayableLine[] = useMemo(
    () => record.lines.map((line) => ({ ...line, translation: (language && line.translations[language]) || null, speaker: line.speaker ?? null })),
    [record.lines, language],
  );
  return (
    <SharedTranscriptPlayback
      id={record.transId}
      meetingId={meetingId}
      hasMedia={record.hasAudio}
      lines={lines}
      language={record.recognitionLanguages[0] ?? 'en-US'}
      showTranslation={language !== ''}
      downloadAllowed
    />
  );
}

export default function MeetingShareDownloadRoute() {
  return <MeetingShareDownloadPage renderPlayback={(input) => <MeetingPlayback {...input} />} />;
}
