// The record list, favourites and shares as one virtualised list (rows) or grid (cards): only the
// lines on screen are rendered, and the next page is asked for when the last loaded line nears.
// Its parts: RecordListColumns (columns and header), RecordListRow (a row), RecordCard (a card).
import { useVirtualizer } from '@tanstack/react-virtual';
import { startTransition, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RecordCard } from './RecordCard';
import { GUTTER, RecordListHeader, templatesOf } from './RecordListColumns';
import { ListRow } from './RecordListRow';
import type { RecordListVariant, RecordListViewProps } from './record-list-props';

export type { RecordListVariant, RecordListViewProps };

const ROW_HEIGHT = 56;
const CARD_HEIGHT = 252;
const CARD_MIN_WIDTH = 240;
const OVERSCAN = 4;

function useColumns(element: HTMLElement | null): number {
  const [columns, setColumns] = useState(1);
  useEffect(() => {
    if (!element) return;
    const measure = () => setColumns(Math.max(1, Math.floor(element.clientWidth / CARD_MIN_WIDTH)));
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return columns;
}

/**
 * Lines drawn beyond the screen: none with the first rows, then OVERSCAN in a transition, which React
 * renders after the first screenful is on screen and yields to a tap meanwhile (issue 27: the list's
 * first render was one long task on a phone).
 */
function useOverscan(hasRows: boolean): number {
  const [overscan, setOverscan] = useState(0);
  useEffect(() => {
    if (hasRows && overscan === 0) startTransition(() => setOverscan(OVERSCAN));
  }, [hasRows, overscan]);
  return overscan;
}

export function RecordListView(props: RecordListViewProps) {
  const { rows, viewMode, hasMore, loadingMore, onLoadMore } = props;
  const { t } = useTranslation('records');
  const [scroller, setScroller] = useState<HTMLDivElement | null>(null);
  const scrollRef = useRef<HTMLDivElement | null>(null);
  const columns = useColumns(scroller);
  const perLine = viewMode === 'card' ? columns : 1;
  const lineCount = Math.ceil(rows.length / perLine);
  const overscan = useOverscan(rows.length > 0);

  const virtualizer = useVirtualizer({
    count: lineCount,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => (viewMode === 'card' ? CARD_HEIGHT : ROW_HEIGHT),
    overscan,
    // jsdom and the first paint have no layout; show a first screen rather than nothing.
    initialRect: { width: 1024, height: typeof window === 'undefined' ? 800 : Math.min(800, window.innerHeight) },
  });
  useEffect(() => virtualizer.measure(), [viewMode, perLine, virtualizer]);

  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? -1;
  // Rows come page by page: ask for the next page when the last loaded line is about to show.
  useEffect(() => {
    if (hasMore && !loadingMore && lastIndex >= lineCount - 1 - OVERSCAN) onLoadMore();
  }, [hasMore, loadingMore, lastIndex, lineCount, onLoadMore]);

  const template = templatesOf(props.variant);
  return (
    <div className="rl-frame" data-testid="record-list" data-view={viewMode}>
      {viewMode === 'list' && <RecordListHeader variant={props.variant} template={template} />}
      <div
        ref={(element: HTMLDivElement | null) => {
          scrollRef.current = element;
          setScroller(element);
        }}
        className="rl-scroller"
        style={GUTTER}
        data-testid="record-list-scroller"
      >
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative', width: '100%' }}>
          {items.map((item) => {
            const line = rows.slice(item.index * perLine, item.index * perLine + perLine);
            return (
              <div
                key={item.key}
                data-index={item.index}
                style={{ position: 'absolute', top: 0, left: 0, width: '100%', height: item.size, transform: `translateY(${item.start}px)` }}
              >
                {viewMode === 'list' ? (
                  <ListRow {...props} record={line[0]!} template={template} />
                ) : (
                  <div className="rl-cards" style={{ gridTemplateColumns: `repeat(${perLine}, minmax(0, 1fr))` }}>
                    {line.map((record) => (
                      <RecordCard key={record.id} {...props} record={record} />
                    ))}
                  </div>
                )}
              </div>
            );
          })}
        </div>
        {loadingMore && (
          <p className="rl-loading-more" data-testid="record-list-loading-more">
            {t('loadingMore')}
          </p>
        )}
      </div>
    </div>
  );
}
