import { Center, Spinner } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { StandalonePage } from '../pages/StandalonePage';
import { LinkExpired } from './LinkExpired';

export interface PublicMeetingPageProps {
  /** 'loading' shows a spinner, 'linkExpired' the expired-link message, 'inviteUnavailable' the closed
   *  invitation's; any other stage the children. */
  stage: string;
  children?: ReactNode;
}

/** The frame of the pages a meeting link opens (join, downloads): loading and expired look the same everywhere. */
export function PublicMeetingPage({ stage, children }: PublicMeetingPageProps) {
  const { t } = useTranslation('meetings');
  return (
    <StandalonePage>
      {stage === 'loading' && (
        <Center minH="40vh">
          <Spinner />
        </Center>
      )}
      {stage === 'linkExpired' && <LinkExpired title={t('linkExpired')} body={t('linkExpiredBody')} />}
      {stage === 'inviteUnavailable' && <InviteUnavailable />}
      {stage !== 'loading' && stage !== 'linkExpired' && stage !== 'inviteUnavailable' && children}
    </StandalonePage>
  );
}

/** A closed, expired or unknown invitation, in the page's language (the browser's or the link's ?lang=). */
export function InviteUnavailable() {
  const { t } = useTranslation('meetings');
  return <LinkExpired title={t('inviteUnavailableTitle')} body={t('inviteUnavailableBody')} testId="invite-unavailable-page" />;
}
