// The home page (issue 10 §3): the three things Parley does as large actions, the newest records
// with their states and progress (only once someone is signed in), and a dismissable first-use guide.
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import {
  homeMachine,
  readGuideDismissed,
  selectGuideShown,
  selectRecentError,
  selectRecentPhase,
  selectRecentRows,
  selectRecentTotal,
} from '../machines/records/home.machine';
import { DUB_DIALOG_WIDTH_PX } from '../shared/contract/limits';
import { ComingSoonDialog } from '../ui/common/ComingSoonDialog';
import { HomeView, type HomeAction, type HomeRecent } from '../ui/records/HomeView';
import { useReloadWhenRecordsChange } from './records-changed';
import { transcriptPath } from './records/record-list-page';
import { useIsSignedIn } from './session-context';
import { useUploadDialog } from './uploads/upload-dialog-context';

type ViewHandlers = Pick<Parameters<typeof HomeView>[0], 'onAction' | 'onOpenRecord' | 'onAllRecords'>;

/** The signed-in part: one home actor reading the newest records. */
function SignedInHome(handlers: ViewHandlers) {
  const { t } = useTranslation('records');
  const actor = useActorRef(homeMachine, { input: { guideDismissed: readGuideDismissed() } });
  const phase = useSelector(actor, selectRecentPhase);
  const rows = useSelector(actor, selectRecentRows);
  const total = useSelector(actor, selectRecentTotal);
  const { errorKey, errorMessage } = useSelector(actor, selectRecentError);
  const guideShown = useSelector(actor, selectGuideShown);
  // An upload's submit added records: read the newest again.
  useReloadWhenRecordsChange(actor);
  const recent: HomeRecent = { phase, rows, total, errorText: errorMessage ?? (errorKey ? t(errorKey) : undefined) };
  return (
    <HomeView
      {...handlers}
      recent={recent}
      guideShown={guideShown}
      dubAvailable={false}
      onRetry={() => actor.send({ type: 'home.retry' })}
      onDismissGuide={() => actor.send({ type: 'guide.dismiss' })}
    />
  );
}

export default function HomePage() {
  const { t } = useTranslation('nav');
  const navigate = useNavigate();
  const uploadDialog = useUploadDialog();
  const signedIn = useIsSignedIn();
  const [dubOpen, setDubOpen] = useState(false);

  const onAction = (action: HomeAction) => {
    if (!signedIn) navigate('/login');
    else if (action === 'transcribe') uploadDialog.open({ folderId: null });
    else if (action === 'interpret') navigate('/meeting');
    // The dubbing upload arrives later (features §2): its entry says so, as the New menu's does.
    else setDubOpen(true);
  };
  const handlers: ViewHandlers = {
    onAction,
    onOpenRecord: (record) => navigate(transcriptPath(record.id)),
    onAllRecords: () => navigate('/recordList'),
  };

  return (
    <>
      {signedIn ? (
        <SignedInHome {...handlers} />
      ) : (
        <HomeView {...handlers} recent={null} guideShown={false} dubAvailable={false} onRetry={() => undefined} onDismissGuide={() => undefined} />
      )}
      <ComingSoonDialog
        open={dubOpen}
        title={t('dubTitle')}
        body={t('dubComingSoon')}
        widthPx={DUB_DIALOG_WIDTH_PX}
        testId="dub-dialog"
        onClose={() => setDubOpen(false)}
      />
    </>
  );
}
