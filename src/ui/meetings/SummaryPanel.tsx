import { Button, Card, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

export interface SummaryPanelProps {
  content: string | null;
  keyPoints: string[];
  generating: boolean;
  secondsLeft: number;
  error: string | null;
  onRequest(): void;
}

/** AI instant summary on demand; the refresh button counts down before the next one. */
export function SummaryPanel(props: SummaryPanelProps) {
  const { t } = useTranslation('meetings');
  const waiting = props.secondsLeft > 0;
  return (
    <Card.Root data-testid="summary-panel">
      <Card.Body>
        <Stack gap="2">
          <Heading size="sm">{t('instantSummary')}</Heading>
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
