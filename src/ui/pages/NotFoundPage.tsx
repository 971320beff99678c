import { Button, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from './PageFrame';

export function NotFoundPage({ onHome }: { onHome(): void }) {
  const { t } = useTranslation('pages');
  return (
    <PageFrame title={t('notFound')}>
      <Text color="fg.muted">{t('notFoundBody')}</Text>
      <Button alignSelf="start" colorPalette="brand" onClick={onHome}>
        {t('backHome')}
      </Button>
    </PageFrame>
  );
}
