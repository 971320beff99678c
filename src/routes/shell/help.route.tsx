import { Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../ui/pages/PageFrame';

export default function HelpPage() {
  const { t } = useTranslation('pages');
  return (
    <PageFrame title={t('help')}>
      <Text color="fg.muted">{t('helpBody')}</Text>
    </PageFrame>
  );
}
