import { Box, Button, Heading, Spinner, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RecordView } from './RecordCells';
import { formatDateTime, formatOffset } from './format';
import type { SubtitleLine } from '../../shared/contract/transcript';

export type SharedLine = Pick<SubtitleLine, 'id' | 'startMs' | 'endMs' | 'text' | 'translation' | 'speaker' | 'translationStale'>;

export type SharedTranscriptStatus = 'loading' | 'showing' | 'copying' | 'copied' | 'expired' | 'unavailable';

export interface SharedTranscriptProps {
  status: SharedTranscriptStatus;
  record: RecordView | null;
  lines: readonly SharedLine[];
  /** Shown only to a signed-in reader when the owner allows copies. */
  canCopy: boolean;
  /** A signed-out reader of a copyable record is told to sign in. */
  showSignInHint: boolean;
  errorText?: string | undefined;
  /** The player and the lines with the current one highlighted, when the page can play the record. */
  playback?: ReactNode;
  onCopy(): void;
  onOpenRecords(): void;
}

/** The public share page's body: read-only transcript, or why it cannot be shown. */
export function SharedTranscript({ status, record, lines, canCopy, showSignInHint, errorText, playback, onCopy, onOpenRecords }: SharedTranscriptProps) {
  const { t } = useTranslation('records');
  if (status === 'loading') {
    return (
      <Box display="flex" gap="3" alignItems="center" p="8" data-testid="shared-loading">
        <Spinner size="sm" />
        <Text>{t('shareLoading')}</Text>
      </Box>
    );
  }
  if (status === 'expired') {
    return (
      <Box p="8" textAlign="center" data-testid="shared-expired">
        <Heading size="lg" mb="2">
          {t('shareExpired')}
        </Heading>
        <Text color="fg.muted">{t('shareExpiredHint')}</Text>
      </Box>
    );
  }
  if (status === 'unavailable' || !record) {
    return (
      <Box p="8" textAlign="center" data-testid="shared-unavailable">
        <Heading size="lg">{errorText ?? t('shareNotFound')}</Heading>
      </Box>
    );
  }
  return (
    <Box maxW="3xl" mx="auto" p={{ base: '4', md: '8' }} data-testid="shared-transcript">
      <Text fontSize="xs" color="fg.muted" textTransform="uppercase" letterSpacing="wide">
        {t('readOnly')}
      </Text>
      <Heading size="xl" mt="1" data-testid="shared-title">
        {record.showName}
      </Heading>
      <Text fontSize="sm" color="fg.muted" mb="4">
        {formatDateTime(record.createTime)} · {record.languages.join(', ')}
        {record.targetLanguages.length ? ` → ${record.targetLanguages.join(', ')}` : ''}
      </Text>
      <Box display="flex" gap="3" alignItems="center" mb="6" flexWrap="wrap">
        {canCopy && status !== 'copied' && (
          <Button colorPalette="brand" loading={status === 'copying'} onClick={onCopy} data-testid="shared-create-copy">
            {t('createCopy')}
          </Button>
        )}
        {status === 'copied' && (
          <>
            <Text color="fg.success" role="status" data-testid="shared-copy-done">
              {t('copyCreated')}
            </Text>
            <Button variant="outline" onClick={onOpenRecords}>
              {t('openMyRecords')}
            </Button>
          </>
        )}
        {showSignInHint && (
          <Text fontSize="sm" color="fg.muted">
            {t('signInToCopy')}
          </Text>
        )}
        {errorText && (
          <Text role="alert" color="fg.error" fontSize="sm">
            {errorText}
          </Text>
        )}
      </Box>
      {lines.length === 0 ? (
        <Text color="fg.muted">{t('noLines')}</Text>
      ) : playback ? (
        <Box display="flex" flexDirection="column" gap="3" data-testid="shared-lines" data-playback="true">
          {playback}
        </Box>
      ) : (
        <Box as="ol" listStyleType="none" display="flex" flexDirection="column" gap="4" data-testid="shared-lines">
          {lines.map((line) => (
            <Box as="li" key={line.id}>
              <Text fontSize="xs" color="fg.muted">
                {formatOffset(line.startMs)} · {line.speaker || t('speakerUnknown')}
              </Text>
              <Text>{line.text}</Text>
              {line.translation && (
                // A stale translation describes older text: the reader is told, not misled.
                <Text color="fg.muted" fontStyle={line.translationStale ? 'italic' : undefined} data-stale={line.translationStale ? 'true' : undefined}>
                  {line.translationStale && (
                    <Text as="span" fontSize="xs" color="orange.fg" mr="2" title={t('translationStaleTitle')} data-testid={`shared-line-stale-${line.id}`}>
                      [{t('translationStale')}]
                    </Text>
                  )}
                  {line.translation}
                </Text>
              )}
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
