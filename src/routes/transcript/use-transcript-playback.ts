// The player half of a transcript page: the playback machine's clock over the page's media element,
// and the line and word being spoken. The owner's transcript page and the shared transcript page
// (composed in src/routes/junctions) both use it, so the current line is highlighted the same way.
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo } from 'react';
import { indexAt, playbackMachine, selectNowMs, wordTimings } from '../../machines/transcript/playback.machine';
import type { SubtitleLine } from '../../shared/contract/transcript';
import type { SegmentView } from '../../ui/transcript/SegmentRow';

export type PlayableLine = Pick<SubtitleLine, 'id' | 'startMs' | 'endMs' | 'text' | 'translation' | 'speaker'> & Partial<Pick<SubtitleLine, 'words' | 'translationStale'>>;

export interface TranscriptPlayback {
  segments: SegmentView[];
  activeSegmentId: string | null;
  activeWord: number;
  onSeek(ms: number): void;
  onMediaElement(media: HTMLMediaElement | null): void;
}

/** cueMs: where the player starts, without playing (a search hit opens the transcript at its line). */
export function useTranscriptPlayback(lines: readonly PlayableLine[], cueMs: number | null = null): TranscriptPlayback {
  const playback = useActorRef(playbackMachine);
  const nowMs = useSelector(playback, selectNowMs);
  useEffect(() => {
    if (cueMs !== null) playback.send({ type: 'media.cue', ms: cueMs });
  }, [playback, cueMs]);
  const segments: SegmentView[] = useMemo(
    () =>
      lines.map((line) => ({
        id: line.id,
        startMs: line.startMs,
        endMs: line.endMs,
        speaker: line.speaker ?? null,
        text: line.text,
        translation: line.translation ?? null,
        translationStale: line.translationStale === true,
        words: wordTimings(line),
      })),
    [lines],
  );
  const activeIndex = indexAt(segments, nowMs);
  const activeSegment = activeIndex >= 0 ? segments[activeIndex] : undefined;
  const activeWord = activeSegment ? indexAt(activeSegment.words, nowMs) : -1;
  const onSeek = useCallback((ms: number) => playback.send({ type: 'media.seek', ms }), [playback]);
  const onMediaElement = useCallback((media: HTMLMediaElement | null) => playback.send({ type: 'media.attached', media }), [playback]);
  return { segments, activeSegmentId: activeSegment?.id ?? null, activeWord, onSeek, onMediaElement };
}
