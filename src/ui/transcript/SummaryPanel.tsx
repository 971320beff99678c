import { Box, Button, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { SummaryBody, type SummaryBodyProps } from '../common/SummaryBody';

export interface SummaryPanelProps {
  status: 'loading' | 'empty' | 'generating' | 'ready' | 'failed';
  /** What the summary says (content, key points, decisions, action items, keywords, language, note). */
  summary: SummaryBodyProps;
  /** The transcript was edited after the summary: it is offered again (once the countdown allows). */
  offersRegenerate: boolean;
  refreshSecondsLeft: number;
  canRefresh: boolean;
  errorText?: string;
  onGenerate(): void;
  onDownload(): void;
  onDownloadText(): void;
}

/** The record's AI summary: "Generate" only when there is none, "Regenerate" only after edits. */
export function SummaryPanel(props: SummaryPanelProps) {
  const { t } = useTranslation('transcript');
  const { t: ts } = useTranslation('summary');
  return (
    <Box borderWidth="1px" rounded="lg" p="4" bg="bg.panel" data-testid="summary-panel">
      <Text fontWeight="semibold" mb="3">
        {t('summary')}
      </Text>
      {(props.status === 'loading' || props.status === 'generating') && (
        <HStack gap="2" color="fg.muted" fontSize="sm">
          <Spinner size="sm" />
          <Text>{props.status === 'generating' ? t('summaryGenerating') : ''}</Text>
        </HStack>
      )}
      {(props.status === 'empty' || props.status === 'failed') && (
        <Stack gap="3">
          <Text fontSize="sm" color={props.status === 'failed' ? 'red.600' : 'fg.muted'}>
            {props.status === 'failed' ? (props.errorText ?? t('summaryFailed')) : t('summaryEmpty')}
          </Text>
          <Button size="sm" colorPalette="brand" alignSelf="start" onClick={props.onGenerate} data-testid="summary-generate">
            {t('summaryGenerate')}
          </Button>
        </Stack>
      )}
      {props.status === 'ready' && (
        <Stack gap="3">
          {props.offersRegenerate && (
            <Stack gap="2" bg="orange.subtle" rounded="md" p="2" fontSize="sm" data-testid="summary-changed">
              <Text>{ts('transcriptChanged')}</Text>
              <Button size="xs" variant="outline" alignSelf="start" disabled={!props.canRefresh} onClick={props.onGenerate} data-testid="summary-refresh">
                {props.canRefresh ? ts('regenerate') : ts('regenerateIn', { seconds: props.refreshSecondsLeft })}
              </Button>
            </Stack>
          )}
          <SummaryBody {...props.summary} />
          <HStack gap="2" flexWrap="wrap">
            <Button size="xs" variant="outline" onClick={props.onDownload} data-testid="summary-download">
              {t('summaryDownload')}
            </Button>
            <Button size="xs" variant="outline" onClick={props.onDownloadText} data-testid="summary-download-text">
              {ts('downloadText')}
            </Button>
          </HStack>
        </Stack>
      )}
    </Box>
  );
}
