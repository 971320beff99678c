import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../ui/pages/PageFrame';

export default function VocabularyDetailPage() {
  const { t } = useTranslation('pages');
  return <PageFrame title={t('vocabularyDetail')} comingSoon />;
}
