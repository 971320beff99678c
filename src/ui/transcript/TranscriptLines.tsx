import { startTransition, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { SegmentRow, type SegmentView } from './SegmentRow';

/** Lines rendered with the page's first paint: a phone's screenful and more; the rest follow in slices (see below). */
export const FIRST_LINES = 12;
/** Lines added by each later slice. */
export const MORE_LINES = 24;

export interface TranscriptLinesProps {
  segments: SegmentView[];
  activeSegmentId: string | null;
  activeWord: number;
  showTranslation: boolean;
  canEdit: boolean;
  readingId: string | null;
  onSeek(ms: number): void;
  onSaveLine(id: string, text: string): void;
  onRenameSpeaker(from: string, to: string): void;
  onReadAloud(id: string): void;
  /** Translate these lines again (their translation is out of date); absent for readers. */
  onRetranslate?(lineIds: string[]): void;
  /** Lines the first render must hold (a line the page scrolls to at once); FIRST_LINES when fewer. */
  eagerCount?: number;
}

/**
 * How many lines to render: a first screenful with the page, then MORE_LINES at a time, each slice in a
 * transition of its own once the one before is on screen. 200 lines at once were one long task (1.5 s
 * on a throttled phone, issue 27) before the page could answer a tap; one transition for all the rest
 * still committed them in one piece (every row's DOM, then its style and layout), and slices keep each
 * task short. Lines are only ever added below the ones shown, so nothing on screen moves.
 */
function useShownCount(total: number, eagerCount: number): number {
  const first = Math.max(FIRST_LINES, eagerCount);
  const [shown, setShown] = useState(() => Math.min(total, first));
  useEffect(() => {
    if (shown >= total) return;
    startTransition(() => setShown(Math.min(total, Math.max(shown, first) + MORE_LINES)));
  }, [shown, total, first]);
  return Math.max(Math.min(total, first), Math.min(shown, total));
}

/**
 * One line's "translate again", the same function from render to render: the page hands over a new
 * onRetranslate on each of its renders, and a new function per line defeated SegmentRow's memo, so every
 * playback tick and every page update rendered all the lines again (issue 27).
 */
function useRetranslateLine(onRetranslate: TranscriptLinesProps['onRetranslate']): ((id: string) => void) | undefined {
  const latest = useRef(onRetranslate);
  useLayoutEffect(() => {
    latest.current = onRetranslate;
  });
  const retranslateLine = useCallback((id: string) => latest.current?.([id]), []);
  return onRetranslate ? retranslateLine : undefined;
}

/** The lines of a transcript, the one being played highlighted (owner's page and shared page alike). */
export function TranscriptLines(props: TranscriptLinesProps) {
  const shown = useShownCount(props.segments.length, props.eagerCount ?? 0);
  const onRetranslateLine = useRetranslateLine(props.onRetranslate);
  return (
    <>
      {props.segments.slice(0, shown).map((segment) => {
        const active = segment.id === props.activeSegmentId;
        return (
          <SegmentRow
            key={segment.id}
            segment={segment}
            active={active}
            activeWord={active ? props.activeWord : -1}
            showTranslation={props.showTranslation}
            canEdit={props.canEdit}
            reading={props.readingId === segment.id}
            onSeek={props.onSeek}
            onSave={props.onSaveLine}
            onRenameSpeaker={props.onRenameSpeaker}
            onReadAloud={props.onReadAloud}
            {...(onRetranslateLine ? { onRetranslate: onRetranslateLine } : {})}
          />
        );
      })}
    </>
  );
}
