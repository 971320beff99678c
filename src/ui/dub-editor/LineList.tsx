// The dub editor's line list (issue 13 §2): start, end (typed retime), original, translation,
// speaker, the timing budget and a per-line preview, for thousands of lines. Virtualised: only the
// rows on screen (and a few around) exist, which keeps the whole screen under 1,500 DOM nodes.
// Rows have one fixed height (the virtualizer never measures them) and are keyed by line id, so an
// edit re-renders the rows on screen but remounts none of them (see LineRow.tsx for why rows are cheap).
import { Box, Grid, Text, useMediaQuery } from '@chakra-ui/react';
import { useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { memo, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { MOBILE_MAX_WIDTH_PX } from '../../shared/contract/limits';
import type { LineView, PreviewView, SendCommand, SpeakerView } from './dub-editor-view';
import { rememberedT } from '../common/remembered-translation';
import { LineRow } from './LineRow';
import './dub-editor.css';

export const LINE_ROW_HEIGHT = 92;
/** A row stacked for phones (line-list.css): times and speaker, then the original, then the translation. */
export const LINE_ROW_HEIGHT_NARROW = 236;
// Rows beyond each edge of the view: every one below an edited line is drawn again (its number shifts),
// and rows have one fixed height, so a scroll needs no more than two in reserve.
const OVERSCAN = 2;
const COLUMNS = '7.5rem minmax(0, 1fr) minmax(0, 1fr) 10rem';

export interface LineListProps {
  lines: readonly LineView[];
  speakers: readonly SpeakerView[];
  selectedLineId: string | null;
  /** The line under the playhead; the list scrolls to it while the video plays. */
  currentLineId: string | null;
  followPlayback: boolean;
  overrunOnly: boolean;
  preview: PreviewView;
  send: SendCommand;
  onOverrunOnly(on: boolean): void;
  onPreview(lineId: string): void;
  onStopPreview(): void;
  onSeek(ms: number): void;
  /** Where the caret is in a line's original text (split at the caret), null once it leaves. */
  onCaret(lineId: string, caret: number | null): void;
  onRenameSpeaker(speakerId: string): void;
}

/**
 * Brings a row wholly into view with the least scroll (like scrollToIndex with align 'auto'), from
 * what the virtualizer already knows: rows have one fixed height, and the scroller's height and offset
 * are kept from its last resize and scroll. The scroll itself is written in the next frame, with the
 * browser's own layout: writing it in the effect forced a layout of the rows the edit had just
 * changed, and the virtualizer's scrollToIndex left a command awaiting its read-back that measured the
 * scroller again on every later render.
 */
function revealRow(virtualizer: Virtualizer<HTMLDivElement, Element>, index: number, rowHeight: number, frame: { current: number }): void {
  const top = virtualizer.scrollOffset;
  const height = virtualizer.scrollRect?.height;
  const scroller = virtualizer.scrollElement;
  if (top === null || !height || !scroller) {
    virtualizer.scrollToIndex(index, { align: 'auto' });
    return;
  }
  const start = index * rowHeight;
  const end = start + rowHeight;
  if (start >= top && end <= top + height) return;
  const target = start < top ? start : end - height;
  cancelAnimationFrame(frame.current);
  frame.current = requestAnimationFrame(() => {
    frame.current = 0;
    scroller.scrollTop = target;
  });
}

/** The column titles: drawn once, not again on every edit. */
const ColumnHeaders = memo(function ColumnHeaders() {
  const { t } = useTranslation('dubEditor');
  // Stacked rows (phones) label every field themselves; column titles would sit over nothing.
  return (
    <Grid role="row" templateColumns={COLUMNS} hideBelow="md" gap="2" px="2" py="1" fontSize="xs" fontWeight="semibold" color="fg.muted" borderBottomWidth="1px">
      <Box role="columnheader">{t('col.time')}</Box>
      <Box role="columnheader">{t('col.original')}</Box>
      <Box role="columnheader">{t('col.translation')}</Box>
      <Box role="columnheader">{t('col.speakerBudget')}</Box>
    </Grid>
  );
});

export function LineList(props: LineListProps) {
  const { t } = useTranslation('dubEditor');
  const { lines, overrunOnly, selectedLineId, currentLineId, followPlayback } = props;
  const shown = useMemo(() => (overrunOnly ? lines.filter((line) => (line.overrunMs ?? 0) > 0) : lines), [lines, overrunOnly]);
  const scrollRef = useRef<HTMLDivElement | null>(null);
  // Read from the window on the first render, like the app's other mobile layouts (use-is-mobile.ts).
  const [narrow = false] = useMediaQuery([`(max-width: ${MOBILE_MAX_WIDTH_PX}px)`], { fallback: [false], ssr: false });
  const rowHeight = narrow ? LINE_ROW_HEIGHT_NARROW : LINE_ROW_HEIGHT;
  const virtualizer = useVirtualizer({
    count: shown.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: OVERSCAN,
    getItemKey: (index) => shown[index]!.id,
    initialRect: { width: 1024, height: 600 },
  });
  // Rows are never measured: a window crossing the phone width changes every row's height at once.
  useEffect(() => virtualizer.measure(), [virtualizer, rowHeight]);
  // The line under the playhead comes into view while playing; the selected one when it changes
  // (an edit moves the selection to a row that is usually on screen already: then nothing scrolls).
  const indexOf = (id: string | null) => (id ? shown.findIndex((line) => line.id === id) : -1);
  const followed = followPlayback ? currentLineId : null;
  const scrollFrame = useRef(0);
  useEffect(() => () => cancelAnimationFrame(scrollFrame.current), []);
  useEffect(() => {
    const index = indexOf(followed);
    if (index >= 0) revealRow(virtualizer, index, rowHeight, scrollFrame);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [followed]);
  useEffect(() => {
    const index = indexOf(selectedLineId);
    if (index >= 0) revealRow(virtualizer, index, rowHeight, scrollFrame);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [selectedLineId]);

  const overrunCount = useMemo(() => lines.reduce((count, line) => count + ((line.overrunMs ?? 0) > 0 ? 1 : 0), 0), [lines]);
  return (
    // The frame is plain elements (dub-editor.css): it is drawn again on every edit.
    <div className="dub-line-list" data-testid="line-list">
      <div className="dub-line-list-bar">
        <p className="dub-line-list-count" data-testid="line-count">
          {rememberedT(t, 'list.count', { shown: shown.length, total: lines.length })}
        </p>
        <label className="dub-line-list-filter">
          <input type="checkbox" checked={overrunOnly} onChange={(event) => props.onOverrunOnly(event.currentTarget.checked)} data-testid="filter-overrun" />
          {rememberedT(t, 'list.overrunOnly', { n: overrunCount })}
        </label>
      </div>
      <div role="table" aria-label={rememberedT(t, 'list.label')} aria-rowcount={shown.length + 1} className="dub-line-table">
        <ColumnHeaders />
        {shown.length === 0 && (
          <Text px="3" py="4" color="fg.muted" data-testid="line-list-empty">
            {overrunOnly ? t('list.noOverrun') : t('list.empty')}
          </Text>
        )}
        <div ref={scrollRef} className="dub-line-scroller" data-testid="line-scroller">
          <div role="rowgroup" style={{ height: virtualizer.getTotalSize(), position: 'relative', width: '100%' }}>
            {virtualizer.getVirtualItems().map((item) => {
              const line = shown[item.index]!;
              return (
                <div key={item.key} style={{ position: 'absolute', top: 0, left: 0, width: '100%', height: item.size, transform: `translateY(${item.start}px)` }}>
                  <LineRow
                    line={line}
                    index={lines === shown ? item.index : lines.indexOf(line)}
                    selected={line.id === selectedLineId}
                    current={line.id === currentLineId}
                    previewPhase={props.preview.lineId === line.id ? props.preview.phase : null}
                    speakers={props.speakers}
                    send={props.send}
                    onPreview={props.onPreview}
                    onStopPreview={props.onStopPreview}
                    onSeek={props.onSeek}
                    onCaret={props.onCaret}
                    onRenameSpeaker={props.onRenameSpeaker}
                  />
                </div>
              );
            })}
          </div>
        </div>
      </div>
    </div>
  );
}
