import { Box, Button, HStack, Input, Stack } from '@chakra-ui/react';
import { Fragment, memo, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './segment-row.css';

export interface WordView {
  text: string;
  startMs: number;
  endMs: number;
}

export interface SegmentView {
  id: string;
  startMs: number;
  endMs: number;
  speaker: string | null;
  text: string;
  translation: string | null;
  /** The original text was edited after the translation was made. */
  translationStale?: boolean;
  words: WordView[];
}

export interface SegmentRowProps {
  segment: SegmentView;
  active: boolean;
  /** Index in segment.words of the word being spoken; -1 for none. */
  activeWord: number;
  showTranslation: boolean;
  canEdit: boolean;
  reading: boolean;
  onSeek(ms: number): void;
  onSave(id: string, text: string): void;
  onRenameSpeaker(from: string, to: string): void;
  onReadAloud(id: string): void;
  /** Translate this stale line again (owner only). */
  onRetranslate?(id: string): void;
}

export function clock(ms: number): string {
  const total = Math.floor(ms / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return hours > 0 ? `${hours}:${two(minutes)}:${two(seconds)}` : `${two(minutes)}:${two(seconds)}`;
}

function SpeakerIcon() {
  return (
    <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="M11 5 6 9H2v6h4l5 4V5z" />
      <path d="M15.5 8.5a5 5 0 0 1 0 7M19 5a10 10 0 0 1 0 14" />
    </svg>
  );
}

/** A click on a word of the line seeks to that word's start (data-word holds it in milliseconds). */
function seekToWord(target: EventTarget, onSeek: (ms: number) => void): void {
  const word = target instanceof Element ? target.closest<HTMLElement>('[data-word]') : null;
  if (word?.dataset.word) onSeek(Number(word.dataset.word));
}

function SegmentRowInner(props: SegmentRowProps) {
  const { t } = useTranslation('transcript');
  const { segment } = props;
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(segment.text);
  const [renaming, setRenaming] = useState(false);
  const [speakerDraft, setSpeakerDraft] = useState(segment.speaker ?? '');
  useEffect(() => setDraft(segment.text), [segment.text]);
  useEffect(() => setSpeakerDraft(segment.speaker ?? ''), [segment.speaker]);

  return (
    // Plain elements styled by segment-row.css: a line is rendered 200 times on a long transcript, and each
    // Chakra element resolved its style props on every render (issue 27). The editors stay Chakra: one
    // opens at a time.
    <div className="seg-row" data-testid="transcript-segment" data-active={props.active ? 'true' : 'false'}>
      <div className="seg-head">
        {renaming ? (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              setRenaming(false);
              props.onRenameSpeaker(segment.speaker ?? '', speakerDraft);
            }}
          >
            <HStack gap="1">
              <Input size="xs" w="40" value={speakerDraft} autoFocus aria-label={t('renameSpeaker')} onChange={(event) => setSpeakerDraft(event.target.value)} data-testid="speaker-input" />
              <Button size="2xs" type="submit" colorPalette="brand">
                {t('save')}
              </Button>
              <Button size="2xs" variant="ghost" onClick={() => setRenaming(false)}>
                {t('cancel')}
              </Button>
            </HStack>
          </form>
        ) : (
          <button
            type="button"
            className="seg-btn"
            data-variant="subtle"
            title={t('renameHint')}
            disabled={!props.canEdit}
            onClick={() => setRenaming(true)}
            data-testid="speaker-name"
          >
            {segment.speaker || t('unknownSpeaker')}
          </button>
        )}
        <button type="button" className="seg-time" onClick={() => props.onSeek(segment.startMs)}>
          {clock(segment.startMs)}
        </button>
        <div className="seg-spacer" />
        <button
          type="button"
          className="seg-btn"
          disabled={props.reading}
          data-loading={props.reading ? '' : undefined}
          onClick={() => props.onReadAloud(segment.id)}
          aria-label={t('readAloud')}
          title={t('readAloud')}
          data-testid="segment-read-aloud"
        >
          {props.reading && <span className="seg-spinner" />}
          <SpeakerIcon />
        </button>
        {props.canEdit && !editing && (
          <button type="button" className="seg-btn" onClick={() => setEditing(true)} data-testid="segment-edit">
            {t('edit')}
          </button>
        )}
      </div>
      <div className="seg-body" data-translated={props.showTranslation ? '' : undefined}>
        <div className="seg-col">
          {editing ? (
            <Stack gap="2">
              <Box asChild w="full" p="2" borderWidth="1px" rounded="md" fontSize="sm">
                <textarea value={draft} onChange={(event) => setDraft(event.target.value)} rows={3} data-testid="segment-textarea" />
              </Box>
              <HStack justify="end">
                <Button size="xs" variant="outline" onClick={() => (setEditing(false), setDraft(segment.text))}>
                  {t('cancel')}
                </Button>
                <Button
                  size="xs"
                  colorPalette="brand"
                  onClick={() => {
                    setEditing(false);
                    if (draft !== segment.text) props.onSave(segment.id, draft);
                  }}
                  data-testid="segment-save"
                >
                  {t('save')}
                </Button>
              </HStack>
            </Stack>
          ) : (
            // Words are plain spans styled once by the line (segment-row.css) and clicked through the line:
            // a Chakra element per word cost its style resolution 2,600 times for 200 lines (issue 27).
            <p className="seg-text" onClick={(event) => seekToWord(event.target, props.onSeek)}>
              {segment.words.map((word, index) => {
                const spoken = props.active && index === props.activeWord;
                return (
                  <Fragment key={`${index}-${word.startMs}`}>
                    <span data-word={word.startMs} data-spoken={spoken ? 'true' : undefined} data-testid={spoken ? 'active-word' : undefined}>
                      {word.text}
                    </span>{' '}
                  </Fragment>
                );
              })}
            </p>
          )}
        </div>
        {props.showTranslation && (
          <div className="seg-col seg-translation" data-testid="segment-translation" data-stale={segment.translationStale ? 'true' : undefined}>
            {segment.translationStale && segment.translation && (
              <div className="seg-stale">
                <span className="seg-badge" title={t('translationStaleTitle')} data-testid="segment-translation-stale">
                  {t('translationStale')}
                </span>
                {props.canEdit && props.onRetranslate && (
                  <Button size="2xs" variant="outline" onClick={() => props.onRetranslate?.(segment.id)} data-testid="segment-retranslate">
                    {t('retranslateLine')}
                  </Button>
                )}
              </div>
            )}
            {/* The old translation stays readable but plainly not current: the badge above and italics say so.
                Not faded: at 60 % opacity the muted text fell to 2.8:1 (WCAG AA asks 4.5:1, issue 27). */}
            <p className="seg-text" data-stale={segment.translationStale ? '' : undefined}>
              {segment.translation ?? ''}
            </p>
          </div>
        )}
      </div>
    </div>
  );
}

export const SegmentRow = memo(SegmentRowInner);
