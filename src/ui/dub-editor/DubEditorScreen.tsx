// The dub editor screen (/dub and /audioEdit, issue 13): header, video, line list and the timeline
// slot, the shortcuts and their help, the merge speaker question and the speaker rename. It draws
// what the route hands it and sends the subtitleEditor machine's events; the only state it keeps
// is the view's own (zoom, filter, open dialogs) and the video element's clock.
// Its parts: DubVideoPanel (the video and the alerts under it), editor-actions (what each shortcut
// does), video-playback (the video as the clock, the preview over it).
import { Spinner } from '@chakra-ui/react';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { lineIndexAt, type LineView, type MergeQuestionView, type PreviewView, type SaveStateView, type SendCommand, type SpeakerView } from './dub-editor-view';
import { DubEditorHeader } from './DubEditorHeader';
import { DubVideoPanel } from './DubVideoPanel';
import { useEditorActions, type TimelineZoomHandle } from './editor-actions';
import { isApplePlatform, isTypingTarget, shortcutFor, type ShortcutAction } from './keymap';
import { LineList } from './LineList';
import { MergeSpeakerQuestion } from './MergeSpeakerQuestion';
import { createPlaybackClock, usePlaybackClock, type PlaybackClock } from './playback-clock';
import { ShortcutHelp } from './ShortcutHelp';
import { SpeakerRenameDialog } from './SpeakerRenameDialog';
import { usePreviewPlayback, useVideoClock } from './video-playback';
import './dub-editor.css';

export type { TimelineZoomHandle };

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

  const toggleHelp = useCallback(() => setHelpOpen((open) => !open), []);
  const act = useEditorActions({ lines, selectedLineId, video, clock, send, selectAndSeek, caret, timeline, toggleHelp });

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
    // Below the two-column width the screen scrolls as a page (header, video, lines, timeline) instead
    // of squeezing the line list between a fixed video and timeline (a phone had room for one line).
    // Its frame is plain elements (dub-editor.css): the screen is drawn again on every edit.
    <div className="dub-editor-screen" data-testid="dub-editor">
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
      <div className="dub-editor-main">
        <DubVideoPanel
          videoRef={setVideo}
          src={playingDubbed ? props.dubbedUrl! : props.sourceUrl}
          dubbed={playingDubbed}
          clock={clock}
          onDuration={props.onDuration}
          refusal={props.refusal}
          previewFailure={previewFailure}
          send={send}
          onStopPreview={props.onStopPreview}
        />
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
      </div>
      <div className="dub-editor-timeline-slot" style={{ height: TIMELINE_HEIGHT }} data-testid="timeline-slot">
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
          <div className="dub-editor-centered">
            <Spinner size="sm" />
          </div>
        )}
      </div>
      <ShortcutHelp open={helpOpen} isApple={isApple} onClose={closeHelp} />
      <MergeSpeakerQuestion question={props.mergeQuestion} speakers={props.speakers} send={send} />
      <SpeakerRenameDialog speaker={renamingSpeaker} send={send} onClose={closeRename} />
    </div>
  );
}
