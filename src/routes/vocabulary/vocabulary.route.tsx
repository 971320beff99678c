import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../ui/pages/PageFrame';

export default function VocabularyPage() {
  const { t } = useTranslation('pages');
  return <PageFrame title={t('vocabulary')} comingSoon />;
}
