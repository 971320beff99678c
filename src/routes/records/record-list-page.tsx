import { Box, Button, Text } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { flattenTree, selectTree } from '../../machines/records/folderEdit.machine';
import {
  recordListMachine,
  selectAllSelected,
  selectHasMore,
  selectIsBusy,
  selectListContext,
  selectListPhase,
  selectPendingDeleteCount,
  selectRetryingId,
  type ListPhase,
} from '../../machines/records/recordList.machine';
import { shareUrl } from '../../machines/records/recordShare.machine';
import type { RecordItem, RecordScope } from '../../machines/records/recordList.types';
import { DEFAULT_FOLDER_ID, TOAST_DURATION_MS } from '../../shared/contract/limits';
import { recordPath } from '../../shared/contract/record';
import { ConfirmDialog } from '../../ui/common/ConfirmDialog';
import { MoveDialog } from '../../ui/records/MoveDialog';
import type { RecordAction } from '../../ui/records/RecordActions';
import { RecordListView } from '../../ui/records/RecordListView';
import { RecordToolbar } from '../../ui/records/RecordToolbar';
import { useAppBus, useReloadWhenRecordsChange } from '../shell/app-bus';
import { showNotice, showToast } from '../shell/show-toast';
import { useFoldersActor } from './folders-context';
import { useRecordSearch } from './record-search-container';
import { ShareDialogContainer } from './share-dialog-container';
import { transcriptPath } from './transcript-path';
import { useOpenedOnce } from '../../ui/common/use-opened-once';

const SCOPE_PATH: Record<RecordScope, string> = { all: '/recordList', favourite: '/favourList', shared: '/shareList' };
const SCOPE_TITLE: Record<RecordScope, string> = { all: 'recordsTitle', favourite: 'favouritesTitle', shared: 'sharesTitle' };
const SCOPE_EMPTY: Record<RecordScope, string> = { all: 'empty', favourite: 'emptyFavourites', shared: 'emptyShares' };

export { transcriptPath };

const toast = (type: 'success' | 'error' | 'warning', title: string) => void showToast({ type, title, duration: TOAST_DURATION_MS });

/** The record list, favourites and shares pages: one list actor each, composed with the ui parts. */
export function RecordListPage({ scope }: { scope: RecordScope }) {
  const { t } = useTranslation('records');
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // A kept-alive page still renders while another page shows; only its own address may steer it.
  const active = location.pathname === SCOPE_PATH[scope];
  const folderParam = scope === 'all' ? params.get('folderId') : null;
  const actor = useActorRef(recordListMachine, { input: { scope, folderId: folderParam } });
  const context = useSelector(actor, selectListContext);
  const phase = useSelector(actor, selectListPhase);
  const allSelected = useSelector(actor, selectAllSelected);
  const busy = useSelector(actor, selectIsBusy);
  const hasMore = useSelector(actor, selectHasMore);
  const retryingId = useSelector(actor, selectRetryingId);
  const deleteCount = useSelector(actor, selectPendingDeleteCount);
  const folders = useFoldersActor();
  const tree = useSelector(folders, selectTree);
  const [moving, setMoving] = useState<RecordItem | null>(null);
  const [sharing, setSharing] = useState<RecordItem | null>(null);
  useReloadWhenRecordsChange(actor);
  const bus = useAppBus();
  const search = useRecordSearch(scope, context.folderId);

  useEffect(() => {
    if (active && scope === 'all' && folderParam !== actor.getSnapshot().context.folderId) {
      actor.send({ type: 'list.folderChanged', folderId: folderParam });
    }
  }, [active, scope, folderParam, actor]);

  // Rows still being processed are read again only while this page is what the user sees.
  useEffect(() => {
    const report = () => actor.send({ type: 'list.visibilityChanged', visible: active && document.visibilityState !== 'hidden' });
    report();
    document.addEventListener('visibilitychange', report);
    return () => document.removeEventListener('visibilitychange', report);
  }, [active, actor]);

  // Done exports and revocations, and failures while the list stays visible, arrive as notices; a
  // deleted or renamed folder moves or renames its records (folders.changed, on the app bus), so the
  // list reads again.
  useEffect(() => {
    const subscriptions = [
      actor.on('notice', (notice) => showNotice(notice, t)),
      bus.on('folders.changed', () => actor.send({ type: 'list.reload' })),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [actor, bus, t]);

  const onLoadMore = useCallback(() => actor.send({ type: 'list.loadMore' }), [actor]);
  const recordOf = (id: string) => context.rows.find((row) => row.id === id) ?? null;
  const onAction = (id: string, action: RecordAction) => {
    if (action === 'rename') actor.send({ type: 'record.renameStarted', id });
    else if (action === 'delete') actor.send({ type: 'record.deleteRequested', id });
    else if (action === 'move') setMoving(recordOf(id));
    else setSharing(recordOf(id));
  };
  const copyLink = (id: string) => {
    const record = recordOf(id);
    const url = record ? shareUrl(window.location.origin, record) : null;
    if (!url) return;
    navigator.clipboard?.writeText(url).then(
      () => toast('success', t('linkCopied')),
      () => toast('error', t('copyLinkFailed')),
    );
  };
  const folderChoices = useMemo(() => flattenTree(tree).map(({ folder, depth }) => ({ id: folder.id, name: folder.name, depth })), [tree]);
  const folderName = scope === 'all' && context.folderId ? folderChoices.find((f) => f.id === context.folderId)?.name : undefined;
  const title = folderName ? `${t(SCOPE_TITLE[scope])} · ${folderName}` : t(SCOPE_TITLE[scope]);

  const loading = phase === 'loading' && context.rows.length === 0;
  const renameErrorText = context.renameErrorKey ? t(context.renameErrorKey) : context.editingId ? context.errorMessage : undefined;
  return (
    <Box display="flex" flexDirection="column" h="full" minH="0" data-testid={`records-page-${scope}`}>
      <RecordToolbar
        title={title}
        total={context.total}
        viewMode={context.viewMode}
        sort={context.sort}
        filter={context.filter}
        filterErrorText={context.errorKey === 'records:dateRangeInvalid' ? t(context.errorKey) : undefined}
        selectedCount={context.selectedIds.length}
        allSelected={allSelected}
        busy={busy}
        {...(scope === 'all' ? { onNewFolder: () => folders.send({ type: 'folder.createRequested', parent: null }) } : {})}
        onViewMode={(mode) => actor.send({ type: 'list.viewModeChanged', mode })}
        onSort={(sort) => actor.send({ type: 'list.sortChanged', sort })}
        onFilter={(filter) => actor.send({ type: 'list.filterChanged', filter })}
        onToggleAll={() => actor.send({ type: 'selection.allToggled' })}
        onDeleteSelected={() => actor.send({ type: 'batch.deleteRequested' })}
        onExportSelected={(format) => actor.send({ type: 'batch.exportRequested', format })}
      />
      {search.element}
      {search.active ? null : phase === 'failed' ? (
        <Box p="8" textAlign="center" borderWidth="1px" borderRadius="lg" bg="bg" data-testid="record-list-failed">
          <Text mb="3">{context.errorMessage ?? t(context.errorKey ?? 'loadFailed')}</Text>
          <Button onClick={() => actor.send({ type: 'list.reload' })}>{t('retry')}</Button>
        </Box>
      ) : loading ? (
        <Text color="fg.muted" p="4">
          {t('common:loading')}
        </Text>
      ) : context.rows.length === 0 ? (
        <Box p="10" textAlign="center" borderWidth="1px" borderRadius="lg" bg="bg" color="fg.muted" data-testid="record-list-empty">
          {t(SCOPE_EMPTY[scope])}
        </Box>
      ) : (
        <RecordListView
          rows={context.rows}
          viewMode={context.viewMode}
          variant={scope === 'shared' ? 'shares' : 'records'}
          selectedIds={context.selectedIds}
          editingId={context.editingId}
          renameErrorText={renameErrorText}
          hasMore={hasMore}
          loadingMore={phase === 'loadingMore'}
          shareUrlOf={(record) => shareUrl(window.location.origin, record)}
          hrefOf={recordPath}
          onOpen={(id) => navigate(recordPath(context.rows.find((row) => row.id === id) ?? { id }))}
          onLoadMore={onLoadMore}
          onToggleSelect={(id) => actor.send({ type: 'selection.toggled', id })}
          onAction={onAction}
          onRenameSubmit={(id, title) => actor.send({ type: 'record.renamed', id, title })}
          onRenameCancel={() => actor.send({ type: 'record.renameCancelled' })}
          onFavourite={(id) => actor.send({ type: 'record.favouriteToggled', id })}
          onRevoke={(id) => actor.send({ type: 'record.revokeRequested', id })}
          onRetry={(id) => actor.send({ type: 'record.retryRequested', id })}
          retryingId={retryingId}
          onCopyLink={copyLink}
        />
      )}
      <RecordListDialogs
        actor={actor}
        phase={phase}
        deleteCount={deleteCount}
        revokeName={recordOf(context.pendingRevokeId ?? '')?.showName ?? ''}
        revoking={context.pendingRevokeId !== null}
        moving={moving}
        onMoveClosed={() => setMoving(null)}
        folderChoices={folderChoices}
        sharing={sharing}
        onShareClosed={() => setSharing(null)}
      />
    </Box>
  );
}

interface RecordListDialogsProps {
  actor: ActorRefFrom<typeof recordListMachine>;
  phase: ListPhase;
  /** How many records the delete question is about. */
  deleteCount: number;
  /** The name of the record whose share link the revoke question is about. */
  revokeName: string;
  revoking: boolean;
  moving: RecordItem | null;
  onMoveClosed(): void;
  folderChoices: ReadonlyArray<{ id: string; name: string; depth: number }>;
  sharing: RecordItem | null;
  onShareClosed(): void;
}

/** The list's questions (delete, revoke) and dialogs (move, share), answered to the list actor. */
function RecordListDialogs({ actor, phase, deleteCount, revokeName, revoking, moving, onMoveClosed, folderChoices, sharing, onShareClosed }: RecordListDialogsProps) {
  const { t } = useTranslation('records');
  const deleteOpen = phase === 'confirmingDelete' || phase === 'deleting';
  const revokeOpen = phase === 'confirmingRevoke' || (phase === 'updating' && revoking);
  // Each dialog is built on its first opening, not with the page (issue 27).
  const deleteMounted = useOpenedOnce(deleteOpen);
  const revokeMounted = useOpenedOnce(revokeOpen);
  const moveMounted = useOpenedOnce(moving !== null);
  return (
    <>
      {deleteMounted && (
        <ConfirmDialog
          open={deleteOpen}
          testId="record-delete-dialog"
          title={t('deleteConfirmTitle')}
          body={t('deleteConfirmBody', { count: deleteCount })}
          confirmLabel={t('delete')}
          busy={phase === 'deleting'}
          onConfirm={() => actor.send({ type: 'batch.deleteConfirmed' })}
          onCancel={() => actor.send({ type: 'batch.deleteCancelled' })}
        />
      )}
      {revokeMounted && (
        <ConfirmDialog
          open={revokeOpen}
          testId="record-revoke-dialog"
          title={t('revokeConfirmTitle')}
          body={t('revokeConfirmBody', { name: revokeName })}
          confirmLabel={t('revoke')}
          busy={phase === 'updating'}
          onConfirm={() => actor.send({ type: 'record.revokeConfirmed' })}
          onCancel={() => actor.send({ type: 'record.revokeCancelled' })}
        />
      )}
      {moveMounted && (
        <MoveDialog
          open={moving !== null}
          recordName={moving?.showName ?? ''}
          currentFolderId={moving?.folderId ?? DEFAULT_FOLDER_ID}
          folders={folderChoices}
          onMove={(folderId) => {
            if (moving) actor.send({ type: 'record.moved', id: moving.id, folderId });
            onMoveClosed();
          }}
          onCancel={onMoveClosed}
        />
      )}
      {sharing && (
        <ShareDialogContainer
          key={sharing.id}
          record={sharing}
          onRecordChanged={(record) => actor.send({ type: 'record.replaced', record })}
          onClose={onShareClosed}
        />
      )}
    </>
  );
}
