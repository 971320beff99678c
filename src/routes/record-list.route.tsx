import { useTranslation } from 'react-i18next';
import { PageFrame } from '../ui/pages/PageFrame';
import { RestoreBannerContainer } from './uploads/restore-banner';

export default function RecordListPage() {
  const { t } = useTranslation('pages');
  return (
    <>
      <RestoreBannerContainer />
      <PageFrame title={t('recordList')} comingSoon />
    </>
  );
}
