import { Box, Button, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

export interface SummaryPanelProps {
  status: 'loading' | 'empty' | 'generating' | 'ready' | 'failed';
  content: string;
  keyPoints: string[];
  keywords: string[];
  refreshSecondsLeft: number;
  canRefresh: boolean;
  errorText?: string;
  onGenerate(): void;
  onDownload(): void;
}

export function SummaryPanel(props: SummaryPanelProps) {
  const { t } = useTranslation('transcript');
  return (
    <Box borderWidth="1px" rounded="lg" p="4" bg="bg.panel" data-testid="summary-panel">
      <HStack justify="space-between" mb="3">
        <Text fontWeight="semibold">{t('summary')}</Text>
        {props.status === 'ready' && (
          <Button size="xs" variant="outline" disabled={!props.canRefresh} onClick={props.onGenerate} data-testid="summary-refresh">
            {props.canRefresh ? t('summaryRefresh') : t('summaryRefreshIn', { seconds: props.refreshSecondsLeft })}
          </Button>
        )}
      </HStack>
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
          <Button size="sm" colorPalette="brand" onClick={props.onGenerate} data-testid="summary-generate">
            {t('summaryGenerate')}
          </Button>
        </Stack>
      )}
      {props.status === 'ready' && (
        <Stack gap="3" fontSize="sm">
          <Text whiteSpace="pre-wrap" data-testid="summary-content">
            {props.content}
          </Text>
          {props.keyPoints.length > 0 && (
            <Box>
              <Text fontWeight="medium" mb="1">
                {t('summaryKeyPoints')}
              </Text>
              <Box as="ul" ps="5" listStyleType="disc">
                {props.keyPoints.map((point) => (
                  <li key={point}>{point}</li>
                ))}
              </Box>
            </Box>
          )}
          {props.keywords.length > 0 && (
            <Text color="fg.muted">
              {t('summaryKeywords')}: {props.keywords.join(' · ')}
            </Text>
          )}
          <Button size="xs" variant="outline" alignSelf="start" onClick={props.onDownload} data-testid="summary-download">
            {t('summaryDownload')}
          </Button>
        </Stack>
      )}
    </Box>
  );
}
