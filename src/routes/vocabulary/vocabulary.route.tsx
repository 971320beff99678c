// /vocabulary (features §2, §3; platform §2): the library list machine drawn by LibraryListView,
// with its create/rename dialog and delete confirmation. A created library opens at once, so its
// words can be added or imported.
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import {
  kindHasLanguage,
  kindHasTranslationLanguage,
  libraryListMachine,
  pageCount,
  selectLibraryList,
  selectLibraryListPhase,
} from '../../machines/vocabulary/libraryList.machine';
import { ConfirmDialog } from '../../ui/common/ConfirmDialog';
import { PageFrame } from '../../ui/pages/PageFrame';
import { LibraryDialog } from '../../ui/vocabulary/LibraryDialog';
import { LibraryListView } from '../../ui/vocabulary/LibraryListView';
import { KIND_NAMES, type KindName } from '../../ui/vocabulary/vocabulary-view-types';
import { useAppBus } from '../shell/app-bus';
import { showNotice } from '../shell/show-toast';

const kindFrom = (value: string | null): KindName | undefined => KIND_NAMES.find((kind) => kind === value);

export default function VocabularyPage() {
  const { t } = useTranslation(['vocabulary', 'pages']);
  const navigate = useNavigate();
  const bus = useAppBus();
  const [params, setParams] = useSearchParams();
  const kindParam = kindFrom(params.get('kind'));
  const actor = useActorRef(libraryListMachine, { input: kindParam ? { kind: kindParam } : {} });
  const phase = useSelector(actor, selectLibraryListPhase);
  const context = useSelector(actor, selectLibraryList);

  useEffect(() => {
    const subscriptions = [
      actor.on('notice', (notice) => showNotice(notice, t)),
      actor.on('library.created', ({ id }) => navigate(`/vocabularyDetail?id=${encodeURIComponent(id)}`)),
      actor.on('purchase.needed', ({ tab }) => bus.send({ type: 'purchase.open', tab })),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [actor, navigate, bus, t]);

  const error = context.errorMessage || context.errorKey ? { message: context.errorMessage, key: context.errorKey, params: context.errorParams } : null;
  const dialogOpen = phase === 'editing' || phase === 'saving';
  return (
    <PageFrame title={t('pages:vocabulary')}>
      <LibraryListView
        kind={context.kind}
        counts={context.counts}
        rows={context.rows}
        stage={phase === 'loading' ? 'loading' : phase === 'failed' ? 'failed' : 'shown'}
        page={context.page}
        pages={pageCount(context.total)}
        error={phase === 'failed' ? error : null}
        busyDefaultId={context.pendingDefault?.id ?? null}
        onKind={(kind) => {
          setParams({ kind }, { replace: true });
          actor.send({ type: 'libraries.kindChanged', kind });
        }}
        onPage={(page) => actor.send({ type: 'libraries.pageChanged', page })}
        onRetry={() => actor.send({ type: 'libraries.retry' })}
        onCreate={() => actor.send({ type: 'library.createRequested' })}
        onOpen={(library) => navigate(`/vocabularyDetail?id=${encodeURIComponent(library.id)}`)}
        onRename={(library) => actor.send({ type: 'library.renameRequested', library })}
        onDelete={(library) => actor.send({ type: 'library.deleteRequested', library })}
        onDefault={(library) => actor.send({ type: 'library.defaultToggled', library })}
      />
      <LibraryDialog
        open={dialogOpen}
        mode={context.draft?.mode ?? 'create'}
        name={context.draft?.name ?? ''}
        language={context.draft?.language ?? ''}
        translationLanguage={context.draft?.translationLanguage ?? ''}
        withLanguage={kindHasLanguage(context.kind)}
        withTranslationLanguage={kindHasTranslationLanguage(context.kind)}
        error={dialogOpen ? error : null}
        busy={phase === 'saving'}
        onChange={(change) => actor.send({ type: 'library.draftChanged', ...change })}
        onSubmit={() => actor.send({ type: 'library.submitted' })}
        onCancel={() => actor.send({ type: 'library.cancelled' })}
      />
      <ConfirmDialog
        open={phase === 'confirmingDelete' || phase === 'deleting'}
        title={t('deleteTitle')}
        body={t('deleteBody', { name: context.pendingDelete?.name ?? '' })}
        confirmLabel={t('deleteConfirm')}
        busy={phase === 'deleting'}
        testId="library-delete-confirm"
        onConfirm={() => actor.send({ type: 'library.deleteConfirmed' })}
        onCancel={() => actor.send({ type: 'library.cancelled' })}
      />
    </PageFrame>
  );
}
