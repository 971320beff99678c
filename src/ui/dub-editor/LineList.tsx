// The dub editor's line list (issue 13 §2): start, end (typed retime), original, translation,
// speaker, the timing budget and a per-line preview, for thousands of lines. Virtualised: only the
// rows on screen (and a few around) exist, which keeps the whole screen under 1,500 DOM nodes.
// Fields are uncontrolled and keyed by their value: typing stays local until the field commits
// (blur or Enter), and an undo or another window's edit replaces the field.
import { Box, Button, chakra, Grid, HStack, IconButton, Text } from '@chakra-ui/react';
import { useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { memo, useEffect, useMemo, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime, type LineView, type PreviewView, type SendCommand, type SpeakerView } from './dub-editor-view';
import { LineBudgetBar } from './LineBudgetBar';

export const LINE_ROW_HEIGHT = 92;
const OVERSCAN = 4;
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

const Field = chakra('textarea', {
  base: { w: 'full', h: 'full', resize: 'none', fontSize: 'sm', px: '2', py: '1', borderWidth: '1px', rounded: 'sm', bg: 'bg', lineHeight: '1.35' },
});
const TimeInput = chakra('input', {
  base: { w: 'full', fontSize: 'xs', fontFamily: 'mono', px: '1.5', py: '0.5', borderWidth: '1px', rounded: 'sm', bg: 'bg' },
});
const Select = chakra('select', { base: { w: 'full', fontSize: 'xs', px: '1', py: '0.5', borderWidth: '1px', rounded: 'sm', bg: 'bg' } });

/** Commits a field on Enter (Shift+Enter keeps a new line in text) and reverts on Escape. */
function commitKeys(event: KeyboardEvent<HTMLInputElement | HTMLTextAreaElement>, initial: string) {
  if (event.key === 'Enter' && !event.shiftKey) {
    event.preventDefault();
    event.currentTarget.blur();
  } else if (event.key === 'Escape') {
    event.currentTarget.value = initial;
    event.currentTarget.blur();
  }
}

interface RowProps extends Pick<LineListProps, 'speakers' | 'send' | 'onPreview' | 'onStopPreview' | 'onSeek' | 'onCaret' | 'onRenameSpeaker'> {
  line: LineView;
  index: number;
  selected: boolean;
  current: boolean;
  previewPhase: PreviewView['phase'] | null;
}

const LineRow = memo(function LineRow({ line, index, selected, current, previewPhase, speakers, send, onPreview, onStopPreview, onSeek, onCaret, onRenameSpeaker }: RowProps) {
  const { t } = useTranslation('dubEditor');
  const start = formatTime(line.startMs);
  const end = formatTime(line.endMs);
  const translation = line.translation ?? '';
  const select = () => {
    if (!selected) send({ type: 'select', lineId: line.id });
  };
  const time = (field: 'start' | 'end', initial: string) => (
    <TimeInput
      key={`${field}:${initial}`}
      defaultValue={initial}
      aria-label={t(field === 'start' ? 'line.start' : 'line.end', { index: index + 1 })}
      data-testid={`line-${field}-${line.id}`}
      onFocus={select}
      onKeyDown={(event) => commitKeys(event, initial)}
      onBlur={(event) => {
        if (event.currentTarget.value !== initial) send({ type: 'retime.typed', lineId: line.id, field, value: event.currentTarget.value.trim() });
      }}
    />
  );
  const caret = (element: HTMLTextAreaElement) => onCaret(line.id, element.selectionStart);
  return (
    <Grid
      role="row"
      aria-rowindex={index + 2}
      aria-selected={selected}
      templateColumns={COLUMNS}
      gap="2"
      px="2"
      py="1.5"
      h="full"
      borderBottomWidth="1px"
      borderLeftWidth="3px"
      borderLeftColor={selected ? 'colorPalette.solid' : current ? 'orange.solid' : 'transparent'}
      bg={selected ? 'colorPalette.subtle' : current ? 'orange.subtle' : undefined}
      colorPalette="blue"
      data-testid={`line-${line.id}`}
      data-current={current || undefined}
      onClick={select}
    >
      <Box role="cell" display="grid" gap="1" alignContent="start">
        <button type="button" onClick={() => onSeek(line.startMs)} aria-label={t('line.seek', { index: index + 1 })} style={{ textAlign: 'left', fontSize: 11, color: 'var(--chakra-colors-fg-muted)' }}>
          #{index + 1}
        </button>
        {time('start', start)}
        {time('end', end)}
      </Box>
      <Box role="cell">
        <Field
          key={`text:${line.text}`}
          defaultValue={line.text}
          aria-label={t('line.original', { index: index + 1 })}
          data-testid={`line-text-${line.id}`}
          onFocus={select}
          onKeyDown={(event) => commitKeys(event, line.text)}
          onSelect={(event) => caret(event.currentTarget)}
          onBlur={(event) => {
            onCaret(line.id, null);
            if (event.currentTarget.value !== line.text) send({ type: 'edit.text', lineId: line.id, text: event.currentTarget.value });
          }}
        />
      </Box>
      <Box role="cell">
        <Field
          key={`translation:${translation}`}
          defaultValue={translation}
          aria-label={t('line.translation', { index: index + 1 })}
          data-testid={`line-translation-${line.id}`}
          onFocus={select}
          onKeyDown={(event) => commitKeys(event, translation)}
          onBlur={(event) => {
            if (event.currentTarget.value !== translation) send({ type: 'edit.translation', lineId: line.id, translation: event.currentTarget.value });
          }}
        />
      </Box>
      <Box role="cell" display="grid" gap="1" alignContent="start">
        <HStack gap="1">
          <Select
            value={line.speakerId ?? ''}
            aria-label={t('line.speaker', { index: index + 1 })}
            data-testid={`line-speaker-${line.id}`}
            onFocus={select}
            onChange={(event) => event.currentTarget.value && send({ type: 'speaker.change', lineId: line.id, speakerId: event.currentTarget.value })}
          >
            {!line.speakerId && <option value="">{t('line.noSpeaker')}</option>}
            {speakers.map((speaker) => (
              <option key={speaker.id} value={speaker.id}>
                {speaker.name}
              </option>
            ))}
          </Select>
          <IconButton
            size="2xs"
            variant="ghost"
            aria-label={t('speaker.rename')}
            title={t('speaker.rename')}
            disabled={!line.speakerId}
            onClick={() => line.speakerId && onRenameSpeaker(line.speakerId)}
            data-testid={`line-rename-speaker-${line.id}`}
          >
            ✎
          </IconButton>
        </HStack>
        <LineBudgetBar line={line} />
        <Button
          size="2xs"
          variant="outline"
          loading={previewPhase === 'loading'}
          onClick={() => (previewPhase === 'playing' || previewPhase === 'loading' ? onStopPreview() : onPreview(line.id))}
          disabled={!(line.translation ?? line.text).trim()}
          data-testid={`line-preview-${line.id}`}
        >
          {previewPhase === 'playing' ? t('preview.stop') : t('preview.play')}
        </Button>
      </Box>
    </Grid>
  );
});

/** True when the row is wholly inside the scroller by the virtualizer's last measurements. */
function rowInView(virtualizer: Virtualizer<HTMLDivElement, Element>, index: number): boolean {
  const item = virtualizer.getVirtualItems().find((candidate) => candidate.index === index);
  const top = virtualizer.scrollOffset;
  const height = virtualizer.scrollRect?.height;
  if (!item || top === null || !height) return false;
  return item.start >= top && item.end <= top + height;
}

export function LineList(props: LineListProps) {
  const { t } = useTranslation('dubEditor');
  const { lines, overrunOnly, selectedLineId, currentLineId, followPlayback } = props;
  const shown = useMemo(() => (overrunOnly ? lines.filter((line) => (line.overrunMs ?? 0) > 0) : lines), [lines, overrunOnly]);
  const scrollRef = useRef<HTMLDivElement | null>(null);
  const virtualizer = useVirtualizer({
    count: shown.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => LINE_ROW_HEIGHT,
    overscan: OVERSCAN,
    getItemKey: (index) => shown[index]!.id,
    initialRect: { width: 1024, height: 600 },
  });
  // The line under the playhead comes into view while playing; the selected one when it changes.
  const indexOf = (id: string | null) => (id ? shown.findIndex((line) => line.id === id) : -1);
  const followed = followPlayback ? currentLineId : null;
  useEffect(() => {
    const index = indexOf(followed);
    if (index >= 0) virtualizer.scrollToIndex(index, { align: 'auto' });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [followed]);
  useEffect(() => {
    const index = indexOf(selectedLineId);
    // An edit (delete, undo, split) moves the selection to a row that is usually on screen already:
    // asking the virtualizer to scroll anyway reads the list's layout (forced right after the edit's
    // DOM changes) and scrolls to where it is. Its cached offsets answer 'in view' without a layout.
    if (index >= 0 && !rowInView(virtualizer, index)) virtualizer.scrollToIndex(index, { align: 'auto' });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [selectedLineId]);

  const overrunCount = useMemo(() => lines.reduce((count, line) => count + ((line.overrunMs ?? 0) > 0 ? 1 : 0), 0), [lines]);
  return (
    <Box display="flex" flexDirection="column" minH="0" h="full" borderWidth="1px" rounded="md" bg="bg" data-testid="line-list">
      <HStack px="2" py="1.5" borderBottomWidth="1px" justify="space-between">
        <Text fontSize="xs" color="fg.muted" data-testid="line-count">
          {t('list.count', { shown: shown.length, total: lines.length })}
        </Text>
        <HStack as="label" gap="1.5" fontSize="xs" cursor="pointer">
          <input type="checkbox" checked={overrunOnly} onChange={(event) => props.onOverrunOnly(event.currentTarget.checked)} data-testid="filter-overrun" />
          {t('list.overrunOnly', { n: overrunCount })}
        </HStack>
      </HStack>
      <Box role="table" aria-label={t('list.label')} aria-rowcount={shown.length + 1} flex="1" minH="0" display="flex" flexDirection="column">
        <Grid role="row" templateColumns={COLUMNS} gap="2" px="2" py="1" fontSize="xs" fontWeight="semibold" color="fg.muted" borderBottomWidth="1px">
          <Box role="columnheader">{t('col.time')}</Box>
          <Box role="columnheader">{t('col.original')}</Box>
          <Box role="columnheader">{t('col.translation')}</Box>
          <Box role="columnheader">{t('col.speakerBudget')}</Box>
        </Grid>
        {shown.length === 0 && (
          <Text px="3" py="4" color="fg.muted" data-testid="line-list-empty">
            {overrunOnly ? t('list.noOverrun') : t('list.empty')}
          </Text>
        )}
        <Box ref={scrollRef} flex="1" minH="0" overflowY="auto" data-testid="line-scroller">
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
        </Box>
      </Box>
    </Box>
  );
}
