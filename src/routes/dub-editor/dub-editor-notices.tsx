// What the dub editor's page shows around the editor: a notice (missing id, a failed load, with its
// retry) and the loading line. Their own module, so /dub without a task paints without the editor's
// code (dub-editor.route.tsx).
import { Box, Button, Spinner, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../ui/pages/PageFrame';
import { StandalonePage } from '../../ui/pages/StandalonePage';

export function Notice({ text, action }: { text: string; action?: { label: string; onClick(): void } }) {
  const { t } = useTranslation('dubEditor');
  return (
    <StandalonePage>
      <PageFrame title={t('page.title')}>
        <Stack gap="3" align="start" data-testid="dub-editor-notice">
          <Text>{text}</Text>
          {action && (
            <Button size="sm" onClick={action.onClick}>
              {action.label}
            </Button>
          )}
        </Stack>
      </PageFrame>
    </StandalonePage>
  );
}

export function Loading() {
  const { t } = useTranslation('dubEditor');
  return (
    <Box h="100dvh" display="flex" alignItems="center" justifyContent="center" gap="3" data-testid="dub-editor-loading">
      <Spinner size="sm" />
      <Text color="fg.muted">{t('page.loading')}</Text>
    </Box>
  );
}
