import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { selectIsSignedIn, selectUser } from '../../machines/session/session.machine';
import { PageFrame } from '../../ui/pages/PageFrame';
import { ProfileSummary } from '../../ui/account/ProfileSummary';
import { useSessionActor } from '../session-context';

export default function UserProfilePage() {
  const { t } = useTranslation('pages');
  const session = useSessionActor();
  const user = useSelector(session, selectUser);
  const signedIn = useSelector(session, selectIsSignedIn);
  return (
    <PageFrame title={t('userProfile')} comingSoon>
      <ProfileSummary user={signedIn ? user : null} />
    </PageFrame>
  );
}
