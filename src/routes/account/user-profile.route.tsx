import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../ui/pages/PageFrame';
import { ProfileSummary } from '../../ui/account/ProfileSummary';
import { useSignedInUser } from '../session-context';

export default function UserProfilePage() {
  const { t } = useTranslation('pages');
  const user = useSignedInUser();
  return (
    <PageFrame title={t('userProfile')} comingSoon>
      <ProfileSummary user={user} />
    </PageFrame>
  );
}
