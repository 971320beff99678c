import { Box, Button, HStack, Text } from '@chakra-ui/react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** HTMLMediaElement.HAVE_METADATA: duration and size are known. */
const HAVE_METADATA = 1;

export interface MediaPlayerProps {
  mediaUrl: string | null;
  /** Offered once the media has loaded (a record without stored media has nothing to download). */
  mediaDownloadUrl?: string | null;
  onMediaElement(element: HTMLMediaElement | null): void;
}

/** A record's player: the owner's transcript page and the shared transcript page both show it. */
export function MediaPlayer({ mediaUrl, mediaDownloadUrl, onMediaElement }: MediaPlayerProps) {
  const { t } = useTranslation('transcript');
  const [hasPicture, setHasPicture] = useState(false);
  const [mediaLoaded, setMediaLoaded] = useState(false);
  // The element's own listener, and a check of what it already has: React's onLoadedMetadata was
  // seen to miss an event that came early (a short recording answered at once), which left the
  // download button hidden for good.
  const attach = useCallback(
    (element: HTMLVideoElement | null) => {
      onMediaElement(element);
      if (!element) return undefined;
      const loaded = () => {
        setHasPicture(element.videoWidth > 0);
        setMediaLoaded(true);
      };
      if (element.readyState >= HAVE_METADATA) loaded();
      element.addEventListener('loadedmetadata', loaded);
      return () => {
        element.removeEventListener('loadedmetadata', loaded);
        onMediaElement(null);
      };
    },
    [onMediaElement],
  );
  return (
    <Box bg="bg.panel" borderWidth="1px" rounded="lg" p="3" position="sticky" top="0" zIndex="1" data-testid="media-player">
      {mediaUrl ? (
        // One element for audio and video: it keeps the height of its controls until the
        // metadata shows a picture.
        <video
          ref={attach}
          src={mediaUrl}
          controls
          preload="metadata"
          style={{ width: '100%', height: hasPicture ? 'auto' : 54, maxHeight: 360, background: hasPicture ? 'black' : 'transparent' }}
          data-testid="transcript-media"
        />
      ) : (
        <Text fontSize="sm" color="fg.muted">
          {t('mediaMissing')}
        </Text>
      )}
      {mediaUrl && mediaDownloadUrl && mediaLoaded && (
        <HStack justify="end" mt="2">
          <Button asChild size="xs" variant="outline">
            <a href={mediaDownloadUrl} download data-testid="transcript-download-audio">
              {t('downloadAudio')}
            </a>
          </Button>
        </HStack>
      )}
    </Box>
  );
}
