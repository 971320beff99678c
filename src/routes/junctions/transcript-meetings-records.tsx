// Where the records area's shared transcript page (and the meetings area's download page) meets the
// transcript area's player: a shared record plays through its share code, a meeting's recording
// through the meeting's share link (the server serves the media only of that very record, with range
// requests), the line being spoken highlighted exactly as on the owner's page.
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback } from 'react';
import { meetingMediaUrlOf, mediaUrlOf, selectReadingLineId, transcriptFilesMachine } from '../../machines/transcript/transcriptFiles.machine';
import { MediaPlayer } from '../../ui/transcript/MediaPlayer';
import { TranscriptLines } from '../../ui/transcript/TranscriptLines';
import { useFileResults } from '../transcript/use-file-results';
import { useTranscriptPlayback, type PlayableLine } from '../transcript/use-transcript-playback';

export type { PlayableLine };

export interface SharedTranscriptPlaybackProps {
  id: string;
  /** How the reader holds the record: a record share code, or the share link of the meeting that recorded it. */
  shareCode?: string;
  meetingId?: string;
  /** False when the record has no stored media (the player says so instead of failing to load). */
  hasMedia?: boolean;
  lines: readonly PlayableLine[];
  language: string;
  showTranslation: boolean;
  /** The owner allowed copies: the media may be downloaded too (the server checks the same). */
  downloadAllowed: boolean;
}

export function SharedTranscriptPlayback({ id, shareCode, meetingId, hasMedia = true, lines, language, showTranslation, downloadAllowed }: SharedTranscriptPlaybackProps) {
  const { segments, activeSegmentId, activeWord, onSeek, onMediaElement } = useTranscriptPlayback(lines);
  const files = useActorRef(transcriptFilesMachine, { input: { id, ...(shareCode ? { shareCode } : {}) } });
  const readingId = useSelector(files, selectReadingLineId);
  useFileResults(files);
  const onReadAloud = useCallback(
    (lineId: string) => {
      const line = lines.find((item) => item.id === lineId);
      if (line) files.send({ type: 'readAloud.requested', lineId, text: line.text, language });
    },
    [files, lines, language],
  );
  const readOnly = useCallback(() => undefined, []);
  const urlOf = (download: boolean) => (meetingId ? meetingMediaUrlOf(id, meetingId, download) : mediaUrlOf(id, shareCode, download));
  return (
    <>
      <MediaPlayer mediaUrl={hasMedia ? urlOf(false) : null} mediaDownloadUrl={downloadAllowed ? urlOf(true) : null} onMediaElement={onMediaElement} />
      <TranscriptLines
        segments={segments}
        activeSegmentId={activeSegmentId}
        activeWord={activeWord}
        showTranslation={showTranslation}
        canEdit={false}
        readingId={readingId}
        onSeek={onSeek}
        onSaveLine={readOnly}
        onRenameSpeaker={readOnly}
        onReadAloud={onReadAloud}
      />
    </>
  );
}
