// The dub editor's left column: the video (the source, or the dubbed one when chosen) and below it
// what the editor refused and a preview that failed, each dismissable.
import { Button, HStack, Text } from '@chakra-ui/react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { SendCommand } from './dub-editor-view';
import type { PlaybackClock } from './playback-clock';
import './dub-editor.css';

export interface DubVideoPanelProps {
  videoRef(element: HTMLVideoElement | null): void;
  src: string;
  /** Whether the dubbed video is the one shown (its length is not the source's). */
  dubbed: boolean;
  clock: PlaybackClock;
  onDuration?: ((durationMs: number) => void) | undefined;
  /** An EditRefusal of the machine, shown translated. */
  refusal: string | null;
  previewFailure: string | null;
  send: SendCommand;
  onStopPreview(): void;
}

/** Memoised, its frame plain elements (dub-editor.css): an edit leaves the video and its alerts alone. */
export const DubVideoPanel = memo(function DubVideoPanel({ videoRef, src, dubbed, clock, onDuration, refusal, previewFailure, send, onStopPreview }: DubVideoPanelProps) {
  const { t } = useTranslation('dubEditor');
  return (
    <div className="dub-video-panel">
      <div className="dub-video-frame">
        <video
          ref={videoRef}
          key={dubbed ? 'dubbed' : 'source'}
          src={src}
          controls
          preload="metadata"
          onLoadedMetadata={(event) => {
            const element = event.currentTarget;
            element.currentTime = clock.get() / 1000;
            if (Number.isFinite(element.duration) && !dubbed) onDuration?.(Math.round(element.duration * 1000));
          }}
          style={{ width: '100%', maxHeight: '45vh', display: 'block' }}
          aria-label={dubbed ? t('video.dubbed') : t('video.source')}
          data-testid="dub-video"
        />
      </div>
      {refusal && (
        <HStack role="alert" bg="orange.subtle" color="orange.fg" px="3" py="2" rounded="md" justify="space-between" data-testid="editor-refusal" data-refusal={refusal}>
          <Text fontSize="sm">{t(`refusal.${refusal}`)}</Text>
          <Button size="2xs" variant="ghost" onClick={() => send({ type: 'dismissRefusal' })}>
            {t('refusal.dismiss')}
          </Button>
        </HStack>
      )}
      {previewFailure && (
        <HStack role="alert" bg="red.subtle" color="red.fg" px="3" py="2" rounded="md" justify="space-between" data-testid="preview-failed">
          <Text fontSize="sm">{previewFailure}</Text>
          <Button size="2xs" variant="ghost" onClick={onStopPreview}>
            {t('refusal.dismiss')}
          </Button>
        </HStack>
      )}
    </div>
  );
});
