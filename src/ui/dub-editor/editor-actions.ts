// What each editor action does (the shortcuts' and the header's buttons'): play or pause the
// video, walk the lines, split at the caret or the playhead, merge, insert, delete, undo and redo,
// zoom the timeline, open the shortcut help. Sends the subtitleEditor machine's events.
import { useCallback, type RefObject } from 'react';
import { lineIndexAt, type LineView, type SendCommand } from './dub-editor-view';
import type { ShortcutAction } from './keymap';
import type { PlaybackClock } from './playback-clock';

/** The timeline's zoom steps, which the shortcuts and the header's buttons drive. */
export interface TimelineZoomHandle {
  zoomIn(): void;
  zoomOut(): void;
  fit(): void;
}

export interface EditorActionsInput {
  lines: readonly LineView[];
  selectedLineId: string | null;
  video: HTMLVideoElement | null;
  clock: PlaybackClock;
  send: SendCommand;
  selectAndSeek(lineId: string): void;
  /** Where the caret was last placed in a line's original text (a split happens there). */
  caret: RefObject<{ lineId: string; caret: number } | null>;
  timeline: RefObject<TimelineZoomHandle | null>;
  toggleHelp(): void;
}

export function useEditorActions({ lines, selectedLineId, video, clock, send, selectAndSeek, caret, timeline, toggleHelp }: EditorActionsInput) {
  return useCallback(
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
          toggleHelp();
          return;
      }
    },
    [lines, selectedLineId, video, clock, send, selectAndSeek, caret, timeline, toggleHelp],
  );
}
