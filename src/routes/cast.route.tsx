import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { PageFrame } from '../ui/pages/PageFrame';
import { StandalonePage } from '../ui/pages/StandalonePage';

/** /cast and /cast/:code share this screen; the code, when present, is shown in the title. */
export default function CastPage() {
  const { t } = useTranslation('pages');
  const { code } = useParams();
  return (
    <StandalonePage>
      <PageFrame title={code ? t('castCode', { code }) : t('cast')} comingSoon />
    </StandalonePage>
  );
}
