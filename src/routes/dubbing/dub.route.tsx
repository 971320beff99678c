import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../ui/pages/PageFrame';
import { StandalonePage } from '../../ui/pages/StandalonePage';

export default function DubEditorPage() {
  const { t } = useTranslation('pages');
  return (
    <StandalonePage>
      <PageFrame title={t('dub')} comingSoon />
    </StandalonePage>
  );
}
