import { Box, Button, HStack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

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
  return (
    <Box bg="bg.panel" borderWidth="1px" rounded="lg" p="3" position="sticky" top="0" zIndex="1" data-testid="media-player">
      {mediaUrl ? (
        // One element for audio and video: it keeps the height of its controls until the
        // metadata shows a picture.
        <video
          ref={onMediaElement}
          src={mediaUrl}
          controls
          preload="metadata"
          onLoadedMetadata={(event) => {
            setHasPicture(event.currentTarget.videoWidth > 0);
            setMediaLoaded(true);
          }}
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
