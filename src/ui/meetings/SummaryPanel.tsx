import { Button, Card, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { languageName } from './language-name';

export interface SummaryPanelProps {
  content: string | null;
  keyPoints: string[];
  /** The language the summary is in (the server's answer). */
  language: string | null;
  generating: boolean;
  secondsLeft: number;
  error: string | null;
  onRequest(): void;
}

/** AI instant summary of the latest lines: asked once, then refreshed by itself when its countdown ends. */
export function SummaryPanel(props: SummaryPanelProps) {
  const { t, i18n } = useTranslation('meetings');
  const waiting = props.secondsLeft > 0;
  return (
    <Card.Root data-testid="summary-panel">
      <Card.Body>
        <Stack gap="2">
          <Heading size="sm">{t('instantSummary')}</Heading>
          {props.content && props.language && (
            <Text fontSize="xs" color="fg.muted" data-testid="summary-language">
              {t('summary:writtenIn', { language: languageName(props.language, i18n.language) })}
            </Text>
          )}
          {props.content && <Text fontSize="sm" data-testid="summary-content">{props.content}</Text>}
          {props.keyPoints.map((point) => <Text key={point} fontSize="sm">• {point}</Text>)}
          {props.error && <Text fontSize="sm" color="red.600">{props.error}</Text>}
          <Button size="sm" variant="outline" onClick={props.onRequest} loading={props.generating} disabled={waiting} data-testid="summary-request">
            {waiting ? t('refreshIn', { seconds: props.secondsLeft }) : props.content ? t('refreshSummary') : t('generateSummary')}
          </Button>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
