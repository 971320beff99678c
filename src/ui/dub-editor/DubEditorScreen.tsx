// The dub editor screen (/dub and /audioEdit, issue 13): header, video, line list and the timeline
// slot, the shortcuts and their help, the merge speaker question and the speaker rename. It draws
// what the route hands it and sends the subtitleEditor machine's events; the only state it keeps
// is the view's own (zoom, filter, open dialogs) and the video element's clock.
import { Box, Button, Flex, Grid, HStack, Spinner, Text } from '@chakra-ui/react';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { lineIndexAt, type LineView, type MergeQuestionView, type PreviewView, type SaveStateView, type SendCommand, type SpeakerView } from './dub-editor-view';
import { DubEditorHeader } from './DubEditorHeader';
import { isApplePlatform, isTypingTarget, shortcutFor, type ShortcutAction } from './keymap';
import { LineList } from './LineList';
import { MergeSpeakerQuestion } from './MergeSpeakerQuestion';
import { createPlaybackClock, usePlaybackClock, type PlaybackClock } from './playback-clock';
import { ShortcutHelp } from './ShortcutHelp';
import { SpeakerRenameDialog } from './SpeakerRenameDialog';

/** The timeline's zoom steps, which the shortcuts and the header's buttons drive. */
export interface TimelineZoomHandle {
  zoomIn(): void;
  zoomOut(): void;
  fit(): void;
}

/** What the timeline component (src/ui/dub-editor/timeline) is given; the route renders it. */
export interface TimelineSlotProps {
  durationMs: number;
  lines: readonly LineView[];
  selectedLineId: string | null;
  currentMs: number;
  /** CSS pixels per second of media; 0 shows the whole video (the timeline's FIT). */
  zoom: number;
  /** The timeline fills it: zoom steps depend on the lane's width, which only the timeline knows. */
  handleRef: RefObject<TimelineZoomHandle | null>;
  onSeek(ms: number): void;
  onSelect(lineId: string): void;
  onRetime(lineId: string, startMs: number, endMs: number): void;
  onZoom(zoom: number): void;
}

export interface LinePreviewState extends PreviewView {
  audio: Blob | null;
  startMs: number;
  errorKey: string | null;
  errorMessage: string | null;
}

export interface DubEditorScreenProps {
  name: string;
  onRename(name: string): void;
  languages: ReadonlyArray<{ code: string; name: string }>;
  language: string;
  onLanguage(code: string): void;
  durationMs: number;
  lines: readonly LineView[];
  speakers: readonly SpeakerView[];
  selectedLineId: string | null;
  saveState: SaveStateView;
  saveFailure?: string | null;
  canUndo: boolean;
  canRedo: boolean;
  /** An EditRefusal of the machine ('overlap', 'nothingUndoable', …), shown translated. */
  refusal: string | null;
  mergeQuestion: MergeQuestionView | null;
  send: SendCommand;
  sourceUrl: string;
  /** The composed dubbed video of the language, when there is one (not expired). */
  dubbedUrl: string | null;
  preview: LinePreviewState;
  onPreview(lineId: string): void;
  onStopPreview(): void;
  onPreviewEnded(): void;
  renderTimeline?(props: TimelineSlotProps): ReactNode;
  voiceover?: ReactNode;
  /** The media's length once the player has read it. */
  onDuration?(durationMs: number): void;
}

// The timeline's own toolbar, ruler, original lane (72 px) and dubbed lane (56 px) with their labels.
const TIMELINE_HEIGHT = 250;

/** Follows the video element's time into the clock: every frame while playing, on seeks otherwise. */
function useVideoClock(video: HTMLVideoElement | null, clock: PlaybackClock) {
  const [playing, setPlaying] = useState(false);
  useEffect(() => {
    if (!video) return undefined;
    let frame = 0;
    const read = () => clock.set(Math.round(video.currentTime * 1000));
    const tick = () => {
      read();
      frame = requestAnimationFrame(tick);
    };
    const onPlay = () => {
      setPlaying(true);
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(tick);
    };
    const onPause = () => {
      setPlaying(false);
      cancelAnimationFrame(frame);
      read();
    };
    video.addEventListener('play', onPlay);
    video.addEventListener('pause', onPause);
    video.addEventListener('seeked', read);
    video.addEventListener('timeupdate', read);
    return () => {
      cancelAnimationFrame(frame);
      video.removeEventListener('play', onPlay);
      video.removeEventListener('pause', onPause);
      video.removeEventListener('seeked', read);
      video.removeEventListener('timeupdate', read);
    };
  }, [video, clock]);
  return playing;
}

/** Plays a voiced line over the video from the line's start, the video muted meanwhile. */
function usePreviewPlayback(video: HTMLVideoElement | null, preview: LinePreviewState, onEnded: () => void) {
  const { phase, audio, startMs } = preview;
  useEffect(() => {
    if (phase !== 'playing' || !audio) return undefined;
    const url = URL.createObjectURL(audio);
    const player = new Audio(url);
    const wasMuted = video?.muted ?? false;
    if (video) {
      video.currentTime = startMs / 1000;
      video.muted = true;
      video.play().catch(() => undefined);
    }
    player.addEventListener('ended', onEnded);
    player.play().catch(onEnded);
    return () => {
      player.removeEventListener('ended', onEnded);
      player.pause();
      URL.revokeObjectURL(url);
      if (video) {
        video.pause();
        video.muted = wasMuted;
      }
    };
  }, [phase, audio, startMs, video, onEnded]);
}

function TimelineArea({ clock, render, ...props }: Omit<TimelineSlotProps, 'currentMs'> & { clock: PlaybackClock; render: NonNullable<DubEditorScreenProps['renderTimeline']> }) {
  const currentMs = usePlaybackClock(clock);
  return <>{render({ ...props, currentMs })}</>;
}

export function DubEditorScreen(props: DubEditorScreenProps) {
  const { t } = useTranslation('dubEditor');
  const { lines, selectedLineId, send, durationMs } = props;
  const clock = useMemo(() => createPlaybackClock(), []);
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const playing = useVideoClock(video, clock);
  usePreviewPlayback(video, props.preview, props.onPreviewEnded);
  const [showDubbed, setShowDubbed] = useState(false);
  const [overrunOnly, setOverrunOnly] = useState(false);
  const [helpOpen, setHelpOpen] = useState(false);
  const [renaming, setRenaming] = useState<string | null>(null);
  const [zoom, setZoom] = useState(0);
  const timeline = useRef<TimelineZoomHandle | null>(null);
  const caret = useRef<{ lineId: string; caret: number } | null>(null);
  const isApple = useMemo(isApplePlatform, []);

  const currentLineId = usePlaybackClock(clock, (ms) => {
    const index = lineIndexAt(lines, ms);
    return index >= 0 ? lines[index]!.id : null;
  });

  const seek = useCallback(
    (ms: number) => {
      if (video) video.currentTime = Math.max(0, ms) / 1000;
      clock.set(Math.max(0, Math.round(ms)));
    },
    [video, clock],
  );
  const selectAndSeek = useCallback(
    (lineId: string) => {
      send({ type: 'select', lineId });
      const line = lines.find((candidate) => candidate.id === lineId);
      if (line) seek(line.startMs);
    },
    [lines, send, seek],
  );
  const onCaret = useCallback((lineId: string, at: number | null) => {
    caret.current = at === null ? (caret.current?.lineId === lineId ? null : caret.current) : { lineId, caret: at };
  }, []);

  const act = useCallback(
    (action: ShortcutAction) => {
      const selectedIndex = selectedLineId ? lines.findIndex((line) => line.id === selectedLineId) : -1;
      const selected = selectedIndex >= 0 ? lines[selectedIndex]! : null;
      switch (action) {
        case 'playPause':
          if (video) void (video.paused ? video.play().catch(() => undefined) : video.pause());
          return;
        case 'previousLine':
        case 'nextLine': {
          const from = selectedIndex >= 0 ? selectedIndex : lineIndexAt(lines, clock.get());
          const next = action === 'nextLine' ? from + 1 : Math.max(0, from - 1);
          const line = lines[Math.min(lines.length - 1, Math.max(0, next))];
          if (line) selectAndSeek(line.id);
          return;
        }
        case 'split': {
          if (!selected) return;
          const at = caret.current?.lineId === selected.id && caret.current.caret > 0 ? caret.current.caret : null;
          const now = clock.get();
          // At the caret of the original text when it was placed in this line, else at the playhead
          // (or the middle of the line when the playhead is elsewhere).
          if (at !== null) send({ type: 'split', lineId: selected.id, caret: at });
          else send({ type: 'split', lineId: selected.id, atMs: now > selected.startMs && now < selected.endMs ? now : Math.round((selected.startMs + selected.endMs) / 2) });
          return;
        }
        case 'merge':
          if (selected) send({ type: 'merge', lineId: selected.id });
          return;
        case 'insert':
          send({ type: 'insert', afterLineId: selected?.id ?? lines.at(-1)?.id ?? null });
          return;
        case 'delete':
          if (selected) send({ type: 'delete', lineId: selected.id });
          return;
        case 'undo':
        case 'redo':
          send({ type: action });
          return;
        case 'zoomIn':
          timeline.current?.zoomIn();
          return;
        case 'zoomOut':
          timeline.current?.zoomOut();
          return;
        case 'help':
          setHelpOpen((open) => !open);
          return;
      }
    },
    [lines, selectedLineId, video, clock, send, selectAndSeek],
  );

  // Stable handles for the memoised header and dialogs: an edit changes `act` (it reads the lines),
  // and drawing the header's and the dialogs' Chakra parts again on every edit cost more than the rows.
  const actRef = useRef(act);
  actRef.current = act;
  const onAction = useCallback((action: ShortcutAction) => actRef.current(action), []);
  const onRetrySave = useCallback(() => send({ type: 'save.retry' }), [send]);
  const closeHelp = useCallback(() => setHelpOpen(false), []);
  const closeRename = useCallback(() => setRenaming(null), []);
  const hasDubbed = props.dubbedUrl !== null;

  const dialogOpen = helpOpen || renaming !== null || props.mergeQuestion !== null;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (dialogOpen || event.defaultPrevented || event.isComposing) return;
      const action = shortcutFor(event, isTypingTarget(event.target), isApple);
      if (!action) return;
      event.preventDefault();
      act(action);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [act, dialogOpen, isApple]);

  const renamingSpeaker = renaming ? (props.speakers.find((speaker) => speaker.id === renaming) ?? null) : null;
  const playingDubbed = showDubbed && props.dubbedUrl !== null;
  const dubbedVideo = useMemo(() => ({ available: hasDubbed, showing: playingDubbed }), [hasDubbed, playingDubbed]);
  const previewFailure = props.preview.phase === 'failed' ? (props.preview.errorMessage ?? t(props.preview.errorKey ?? 'previewFailed')) : null;
  return (
    <Flex direction="column" h="100dvh" bg="bg.subtle" data-testid="dub-editor">
      <DubEditorHeader
        name={props.name}
        onRename={props.onRename}
        languages={props.languages}
        language={props.language}
        onLanguage={props.onLanguage}
        saveState={props.saveState}
        saveFailure={props.saveFailure ?? null}
        canUndo={props.canUndo}
        canRedo={props.canRedo}
        hasSelection={selectedLineId !== null}
        dubbedVideo={dubbedVideo}
        onShowDubbed={setShowDubbed}
        onAction={onAction}
        onRetrySave={onRetrySave}
        voiceover={props.voiceover}
      />
      <Grid templateColumns={{ base: '1fr', lg: 'minmax(320px, 38%) minmax(0, 1fr)' }} gap="2" p="2" flex="1" minH="0">
        <Box display="flex" flexDirection="column" gap="2" minH="0">
          <Box bg="black" rounded="md" overflow="hidden">
            <video
              ref={setVideo}
              key={playingDubbed ? 'dubbed' : 'source'}
              src={playingDubbed ? props.dubbedUrl! : props.sourceUrl}
              controls
              preload="metadata"
              onLoadedMetadata={(event) => {
                const element = event.currentTarget;
                element.currentTime = clock.get() / 1000;
                if (Number.isFinite(element.duration) && !playingDubbed) props.onDuration?.(Math.round(element.duration * 1000));
              }}
              style={{ width: '100%', maxHeight: '45vh', display: 'block' }}
              aria-label={playingDubbed ? t('video.dubbed') : t('video.source')}
              data-testid="dub-video"
            />
          </Box>
          {props.refusal && (
            <HStack role="alert" bg="orange.subtle" color="orange.fg" px="3" py="2" rounded="md" justify="space-between" data-testid="editor-refusal" data-refusal={props.refusal}>
              <Text fontSize="sm">{t(`refusal.${props.refusal}`)}</Text>
              <Button size="2xs" variant="ghost" onClick={() => send({ type: 'dismissRefusal' })}>
                {t('refusal.dismiss')}
              </Button>
            </HStack>
          )}
          {previewFailure && (
            <HStack role="alert" bg="red.subtle" color="red.fg" px="3" py="2" rounded="md" justify="space-between" data-testid="preview-failed">
              <Text fontSize="sm">{previewFailure}</Text>
              <Button size="2xs" variant="ghost" onClick={props.onStopPreview}>
                {t('refusal.dismiss')}
              </Button>
            </HStack>
          )}
        </Box>
        <LineList
          lines={lines}
          speakers={props.speakers}
          selectedLineId={selectedLineId}
          currentLineId={currentLineId}
          followPlayback={playing}
          overrunOnly={overrunOnly}
          preview={props.preview}
          send={send}
          onOverrunOnly={setOverrunOnly}
          onPreview={props.onPreview}
          onStopPreview={props.onStopPreview}
          onSeek={seek}
          onCaret={onCaret}
          onRenameSpeaker={setRenaming}
        />
      </Grid>
      <Box h={`${TIMELINE_HEIGHT}px`} flexShrink={0} borderTopWidth="1px" bg="bg.panel" data-testid="timeline-slot">
        {props.renderTimeline ? (
          <TimelineArea
            clock={clock}
            render={props.renderTimeline}
            durationMs={durationMs}
            lines={lines}
            selectedLineId={selectedLineId}
            zoom={zoom}
            handleRef={timeline}
            onSeek={seek}
            onSelect={selectAndSeek}
            onRetime={(lineId, startMs, endMs) => send({ type: 'retime', lineId, startMs, endMs })}
            onZoom={setZoom}
          />
        ) : (
          <Flex h="full" align="center" justify="center">
            <Spinner size="sm" />
          </Flex>
        )}
      </Box>
      <ShortcutHelp open={helpOpen} isApple={isApple} onClose={closeHelp} />
      <MergeSpeakerQuestion question={props.mergeQuestion} speakers={props.speakers} send={send} />
      <SpeakerRenameDialog speaker={renamingSpeaker} send={send} onClose={closeRename} />
    </Flex>
  );
}
