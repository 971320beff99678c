// The home page (issue 10 §3): the three things Parley does as large actions, the newest records
// with their states and progress (only once someone is signed in), and a dismissable first-use guide.
// A records page (its machine and view are the records area's) that composes the uploads and dubbing
// dialogs, as a route file may.
import { useActorRef, useSelector } from '@xstate/react';
import { lazy, Suspense, useState } from 'react';
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
} from '../../machines/records/home.machine';
import { HomeView, type HomeAction, type HomeRecent } from '../../ui/records/HomeView';
import { recordPath } from '../../shared/contract/record';
import { useReloadWhenRecordsChange, useTellRecordsChanged } from '../shell/app-bus';
import { useIsSignedIn, useSignedInUser } from '../shell/session-context';
import { useUploadDialog } from '../uploads/upload-dialog-context';

// The AI dubbing dialog loads on its first use (never with the home page's first paint).
const DubUploadDialog = lazy(() => import('../dubbing/dub-upload-dialog'));

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
      dubAvailable
      onRetry={() => actor.send({ type: 'home.retry' })}
      onDismissGuide={() => actor.send({ type: 'guide.dismiss' })}
    />
  );
}

export default function HomePage() {
  const navigate = useNavigate();
  const uploadDialog = useUploadDialog();
  const signedIn = useIsSignedIn();
  const user = useSignedInUser();
  // Dubbing started: the new tasks are records, so the home list (and any record list) reads again.
  const recordsChanged = useTellRecordsChanged();
  const [dubRequests, setDubRequests] = useState(0);

  const onAction = (action: HomeAction) => {
    if (!signedIn) navigate('/login');
    else if (action === 'transcribe') uploadDialog.open({ folderId: null });
    else if (action === 'interpret') navigate('/meeting');
    else setDubRequests((count) => count + 1);
  };
  const handlers: ViewHandlers = {
    onAction,
    onOpenRecord: (record) => navigate(recordPath(record)),
    onAllRecords: () => navigate('/recordList'),
  };

  return (
    <>
      {signedIn ? (
        <SignedInHome {...handlers} />
      ) : (
        <HomeView {...handlers} recent={null} guideShown={false} dubAvailable onRetry={() => undefined} onDismissGuide={() => undefined} />
      )}
      {dubRequests > 0 && (
        <Suspense fallback={null}>
          <DubUploadDialog openCount={dubRequests} userId={user?.id ?? null} onSuccess={recordsChanged} />
        </Suspense>
      )}
    </>
  );
}
