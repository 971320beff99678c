// One row of the dub editor's line list: start, end (typed retime), original, translation, speaker,
// the timing budget and the line's preview. Fields are uncontrolled and keyed by their value: typing
// stays local until the field commits (blur or Enter), and an undo or another window's edit replaces
// the field.
// Why it is built this way: deleting, inserting or undoing shifts the line number of every row below,
// so every row on screen re-renders on each edit. The row itself is therefore plain elements with the
// classes of line-list.css (no Chakra style props to resolve per cell), and the parts that do not show
// the line number (budget, rename and preview buttons, the speaker options) are memoised apart so an
// edit elsewhere leaves them alone.
import { memo, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import '../common/ghost-button.css';
import { rememberedT } from '../common/remembered-translation';
import { formatTime, type LineView, type PreviewView, type SendCommand, type SpeakerView } from './dub-editor-view';
import { LineBudgetBar } from './LineBudgetBar';
import './line-list.css';

export interface LineRowHandlers {
  send: SendCommand;
  onPreview(lineId: string): void;
  onStopPreview(): void;
  onSeek(ms: number): void;
  /** Where the caret is in a line's original text (split at the caret), null once it leaves. */
  onCaret(lineId: string, caret: number | null): void;
  onRenameSpeaker(speakerId: string): void;
}

export interface LineRowProps extends LineRowHandlers {
  line: LineView;
  /** The line's position in the whole list (0-based): its number and its fields' labels. */
  index: number;
  selected: boolean;
  current: boolean;
  previewPhase: PreviewView['phase'] | null;
  speakers: readonly SpeakerView[];
}

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

// The parts below are memoised apart (an edit elsewhere leaves them alone) and take the row's `t`:
// a row entering the list mounts them, and each useTranslation of its own costs a copy of i18next.
const SpeakerOptions = memo(function SpeakerOptions({ t, speakers, hasSpeaker }: { t: TFunction; speakers: readonly SpeakerView[]; hasSpeaker: boolean }) {
  return (
    <>
      {!hasSpeaker && <option value="">{rememberedT(t, 'line.noSpeaker')}</option>}
      {speakers.map((speaker) => (
        <option key={speaker.id} value={speaker.id}>
          {speaker.name}
        </option>
      ))}
    </>
  );
});

/** Chakra's ghost icon button, size 2xs, as plain CSS (line-list.css): no recipe to build per row. */
const RenameSpeakerButton = memo(function RenameSpeakerButton({ t, lineId, speakerId, onRenameSpeaker }: { t: TFunction; lineId: string; speakerId: string | null; onRenameSpeaker(speakerId: string): void }) {
  const label = rememberedT(t, 'speaker.rename');
  return (
    <button
      type="button"
      className="ghost-button dub-line-button"
      data-icon=""
      aria-label={label}
      title={label}
      disabled={!speakerId}
      onClick={() => speakerId && onRenameSpeaker(speakerId)}
      data-testid={`line-rename-speaker-${lineId}`}
    >
      ✎
    </button>
  );
});

/** Chakra's outline button, size 2xs, as plain CSS; while the preview loads it shows a spinner over its label, like Chakra's `loading`. */
const PreviewButton = memo(function PreviewButton({
  t,
  lineId,
  voiceable,
  phase,
  onPreview,
  onStopPreview,
}: {
  t: TFunction;
  lineId: string;
  voiceable: boolean;
  phase: PreviewView['phase'] | null;
  onPreview(lineId: string): void;
  onStopPreview(): void;
}) {
  const loading = phase === 'loading';
  const label = rememberedT(t, phase === 'playing' ? 'preview.stop' : 'preview.play');
  return (
    <button
      type="button"
      className="ghost-button dub-line-button"
      data-variant="outline"
      data-loading={loading || undefined}
      disabled={loading || !voiceable}
      onClick={() => (phase === 'playing' || phase === 'loading' ? onStopPreview() : onPreview(lineId))}
      data-testid={`line-preview-${lineId}`}
    >
      {loading ? (
        <>
          <span className="dub-line-spinner" aria-hidden="true" />
          <span className="dub-line-button-hidden">{label}</span>
        </>
      ) : (
        label
      )}
    </button>
  );
});

export const LineRow = memo(function LineRow({ line, index, selected, current, previewPhase, speakers, send, onPreview, onStopPreview, onSeek, onCaret, onRenameSpeaker }: LineRowProps) {
  const { t } = useTranslation('dubEditor');
  const number = index + 1;
  const start = formatTime(line.startMs);
  const end = formatTime(line.endMs);
  const translation = line.translation ?? '';
  const select = () => {
    if (!selected) send({ type: 'select', lineId: line.id });
  };
  const time = (field: 'start' | 'end', initial: string) => (
    <input
      className="dub-line-time"
      key={`${field}:${initial}`}
      defaultValue={initial}
      aria-label={rememberedT(t, field === 'start' ? 'line.start' : 'line.end', { index: number })}
      data-testid={`line-${field}-${line.id}`}
      onFocus={select}
      onKeyDown={(event) => commitKeys(event, initial)}
      onBlur={(event) => {
        if (event.currentTarget.value !== initial) send({ type: 'retime.typed', lineId: line.id, field, value: event.currentTarget.value.trim() });
      }}
    />
  );
  return (
    <div
      className="dub-line-row"
      role="row"
      aria-rowindex={index + 2}
      aria-selected={selected}
      data-testid={`line-${line.id}`}
      data-current={current || undefined}
      onClick={select}
    >
      <div role="cell" className="dub-line-stack">
        <button type="button" className="dub-line-seek" onClick={() => onSeek(line.startMs)} aria-label={rememberedT(t, 'line.seek', { index: number })}>
          #{number}
        </button>
        {time('start', start)}
        {time('end', end)}
      </div>
      <div role="cell">
        <textarea
          className="dub-line-field"
          key={`text:${line.text}`}
          defaultValue={line.text}
          aria-label={rememberedT(t, 'line.original', { index: number })}
          data-testid={`line-text-${line.id}`}
          onFocus={select}
          onKeyDown={(event) => commitKeys(event, line.text)}
          onSelect={(event) => onCaret(line.id, event.currentTarget.selectionStart)}
          onBlur={(event) => {
            onCaret(line.id, null);
            if (event.currentTarget.value !== line.text) send({ type: 'edit.text', lineId: line.id, text: event.currentTarget.value });
          }}
        />
      </div>
      <div role="cell">
        <textarea
          className="dub-line-field"
          key={`translation:${translation}`}
          defaultValue={translation}
          aria-label={rememberedT(t, 'line.translation', { index: number })}
          data-testid={`line-translation-${line.id}`}
          onFocus={select}
          onKeyDown={(event) => commitKeys(event, translation)}
          onBlur={(event) => {
            if (event.currentTarget.value !== translation) send({ type: 'edit.translation', lineId: line.id, translation: event.currentTarget.value });
          }}
        />
      </div>
      <div role="cell" className="dub-line-stack">
        <div className="dub-line-speaker-row">
          <select
            className="dub-line-speaker"
            value={line.speakerId ?? ''}
            aria-label={rememberedT(t, 'line.speaker', { index: number })}
            data-testid={`line-speaker-${line.id}`}
            onFocus={select}
            onChange={(event) => event.currentTarget.value && send({ type: 'speaker.change', lineId: line.id, speakerId: event.currentTarget.value })}
          >
            <SpeakerOptions t={t} speakers={speakers} hasSpeaker={Boolean(line.speakerId)} />
          </select>
          <RenameSpeakerButton t={t} lineId={line.id} speakerId={line.speakerId ?? null} onRenameSpeaker={onRenameSpeaker} />
        </div>
        <LineBudgetBar t={t} line={line} />
        <PreviewButton t={t} lineId={line.id} voiceable={(line.translation ?? line.text).trim() !== ''} phase={previewPhase} onPreview={onPreview} onStopPreview={onStopPreview} />
      </div>
    </div>
  );
});
