import { startTransition, useEffect, useState } from 'react';
import { SegmentRow, type SegmentView } from './SegmentRow';

/** Lines rendered with the page's first paint; the rest follow in a transition (see below). */
export const FIRST_LINES = 30;

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
 * How many lines to render: a first screenful at once, then all of them in a transition, which React
 * renders in slices that yield to the browser. 200 lines at once were one long task (1.5 s on a
 * throttled phone, issue 27) before the page could answer a tap.
 */
function useShownCount(total: number, eagerCount: number): number {
  const first = Math.max(FIRST_LINES, eagerCount);
  const [shown, setShown] = useState(() => Math.min(total, first));
  useEffect(() => {
    if (shown >= total) return;
    startTransition(() => setShown(total));
  }, [shown, total]);
  return Math.max(Math.min(total, first), Math.min(shown, total));
}

/** The lines of a transcript, the one being played highlighted (owner's page and shared page alike). */
export function TranscriptLines(props: TranscriptLinesProps) {
  const shown = useShownCount(props.segments.length, props.eagerCount ?? 0);
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
            {...(props.onRetranslate ? { onRetranslate: (id: string) => props.onRetranslate?.([id]) } : {})}
          />
        );
      })}
    </>
  );
}
