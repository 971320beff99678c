import { SegmentRow, type SegmentView } from './SegmentRow';

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
}

/** The lines of a transcript, the one being played highlighted (owner's page and shared page alike). */
export function TranscriptLines(props: TranscriptLinesProps) {
  return (
    <>
      {props.segments.map((segment) => {
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
