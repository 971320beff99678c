// The personal centre's usage against today's caps and "Your data" (export, delete the account),
// each driven by its machine. Deleting the account ends the session here: every token of the account
// is already revoked by the server, so the browser forgets its login and goes to the sign-in page.
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import {
  accountDataMachine,
  selectCode,
  selectCodeSent,
  selectConfirmError,
  selectConfirmOpen,
  selectDeleting,
  selectExporting,
  selectMayConfirm,
  selectPassword,
  selectProofKind,
  selectSendingCode,
} from '../../machines/account/accountData.machine';
import { selectUsageFailed, selectUsageLoading, selectUsageToday, usageTodayMachine } from '../../machines/account/usageToday.machine';
import type { Notice } from '../../machines/notice';
import { AccountDataSection } from '../../ui/account/AccountDataSection';
import { UsageTodayView } from '../../ui/account/UsageTodayView';
import { useSessionActor, useSignedInUser } from '../shell/session-context';
import { showNotice } from '../shell/show-toast';

export function UsageTodayPanel() {
  const usage = useActorRef(usageTodayMachine);
  const shown = useSelector(usage, selectUsageToday);
  const loading = useSelector(usage, selectUsageLoading);
  const failed = useSelector(usage, selectUsageFailed);
  useEffect(() => usage.send({ type: 'usage.refresh' }), [usage]);
  return <UsageTodayView usage={shown} loading={loading} failed={failed} />;
}

function YourData({ hasPassword, address }: { hasPassword: boolean; address: string | null }) {
  const { t } = useTranslation(['accountData', 'common']);
  const session = useSessionActor();
  const data = useActorRef(accountDataMachine, { input: { hasPassword, address } });
  useEffect(() => {
    const notices = data.on('notice', (notice: Notice) => showNotice(notice, t));
    const deleted = data.on('account.deleted', () => session.send({ type: 'session.expired' }));
    return () => {
      notices.unsubscribe();
      deleted.unsubscribe();
    };
  }, [data, session, t]);
  return (
    <AccountDataSection
      exporting={useSelector(data, selectExporting)}
      confirmOpen={useSelector(data, selectConfirmOpen)}
      proofKind={useSelector(data, selectProofKind)}
      address={address}
      password={useSelector(data, selectPassword)}
      code={useSelector(data, selectCode)}
      codeSent={useSelector(data, selectCodeSent)}
      sendingCode={useSelector(data, selectSendingCode)}
      deleting={useSelector(data, selectDeleting)}
      mayConfirm={useSelector(data, selectMayConfirm)}
      error={useSelector(data, selectConfirmError)}
      onExport={() => data.send({ type: 'data.export' })}
      onDeleteOpen={() => data.send({ type: 'data.deleteOpen' })}
      onPasswordChange={(value) => data.send({ type: 'data.passwordChanged', value })}
      onCodeChange={(value) => data.send({ type: 'data.codeChanged', value })}
      onSendCode={() => data.send({ type: 'data.sendCode' })}
      onConfirm={() => data.send({ type: 'data.deleteConfirmed' })}
      onCancel={() => data.send({ type: 'data.deleteCancel' })}
    />
  );
}

/** Mounted once the user is known: how the deletion is confirmed depends on the account. */
export function AccountDataPanel() {
  const user = useSignedInUser();
  if (!user) return null;
  const hasPassword = user.hasPassword ?? true;
  const address = user.email ?? user.phone ?? null;
  return <YourData key={`${user.id}:${hasPassword}:${address ?? ''}`} hasPassword={hasPassword} address={address} />;
}
