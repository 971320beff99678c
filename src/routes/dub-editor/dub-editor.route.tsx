// /dub?id= and /audioEdit?id= (features §2: the same screen): the dub editor (task-editor.tsx). This
// page only reads the address: the task's read starts here, beside the editor's code (a chunk of its
// own, which the server preloads with the page when the address names a task: issue 27), and /dub
// without a task shows its notice without fetching or running the editor at all.
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { prefetchTask } from '../../machines/dub-editor/dubEditorTask.machine';
import { Loading, Notice } from './dub-editor-notices';

const loadTaskEditor = () => import('./task-editor');
const TaskEditor = lazy(() => loadTaskEditor().then((module) => ({ default: module.TaskEditor })));

export default function DubEditorRoute() {
  const [params] = useSearchParams();
  const taskId = params.get('id');
  // The task is requested before anything here can suspend (the translations just below), beside
  // them: the task machine takes this read when it starts. Idempotent until taken, so a suspended
  // render that runs again asks once. (The 1.4 MB of lines start once the translations are in:
  // started here they held the page's own small requests back on the same server.)
  // The editor's code is asked for at the same moment (a failure shows when the editor renders).
  useMemo(() => {
    if (!taskId) return;
    prefetchTask(taskId);
    loadTaskEditor().catch(() => undefined);
  }, [taskId]);
  // The timeline's namespace is loaded with the page's, not when the timeline first renders (it
  // suspended the whole editor for one more round trip).
  const { t } = useTranslation(['dubEditor', 'dubTimeline']);
  if (!taskId) return <Notice text={t('page.missingId')} />;
  // A new id is a new task: fresh machines, nothing carried over.
  return (
    <Suspense fallback={<Loading />}>
      <TaskEditor key={taskId} taskId={taskId} />
    </Suspense>
  );
}
