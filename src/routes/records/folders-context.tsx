import { useActorRef, useSelector } from '@xstate/react';
import { createContext, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import {
  TOP_LEVEL_PARENT_ID,
  canMoveTo,
  descendantsOf,
  folderEditMachine,
  moveTargets,
  selectFolderContext,
  selectFolderPhase,
} from '../../machines/records/folderEdit.machine';
import { FOLDER_NAME_MAX } from '../../shared/contract/limits';
import { FolderDialog } from '../../ui/records/FolderDialog';
import { FolderMoveDialog } from '../../ui/records/FolderMoveDialog';
import { ConfirmDialog } from '../../ui/common/ConfirmDialog';
import { useAppBus } from '../shell/app-bus';
import { showNotice } from '../shell/show-toast';
import { useOpenedOnce } from '../../ui/common/use-opened-once';

export type FoldersActor = ActorRefFrom<typeof folderEditMachine>;

const FoldersContext = createContext<FoldersActor | null>(null);

/**
 * One folder-edit actor for the main layout: the left-nav tree, the records page's plus button and
 * the move dialog share it. It loads only once the session is signed in, and it renders the folder
 * dialogs so they work from any page of the layout.
 */
export function FoldersProvider({ signedIn, children }: { signedIn: boolean; children: ReactNode }) {
  const { t, i18n } = useTranslation('records');
  const actor = useActorRef(folderEditMachine);
  const context = useSelector(actor, selectFolderContext);
  const phase = useSelector(actor, selectFolderPhase);

  // The default folder's name is written by the server in the request's language, so a new
  // interface language loads the tree again (i18next switches only after the locale is stored).
  const language = i18n.language;
  useEffect(() => {
    if (signedIn) actor.send({ type: 'tree.load' });
  }, [signedIn, actor, language]);

  // Refusals outside the dialog (a fourth level, the default folder), failures and a done delete; a
  // change to the folders goes on the app bus for whoever shows their records (folders.changed).
  const bus = useAppBus();
  useEffect(() => {
    const subscriptions = [
      actor.on('notice', (notice) => showNotice(notice, t)),
      actor.on('folders.changed', () => bus.send({ type: 'folders.changed' })),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [actor, bus, t]);

  const editing = phase === 'editing' || phase === 'saving';
  const confirming = phase === 'confirmingDelete' || phase === 'deleting';
  const draft = context.draft;
  const dialogError = editing ? (context.errorKey ? t(context.errorKey, { max: FOLDER_NAME_MAX }) : context.errorMessage) : undefined;
  const pending = context.pendingDelete;
  const moving = context.pendingMove;
  const choosingParent = phase === 'choosingParent' || phase === 'moving';
  const moveChoices = useMemo(
    () => (moving ? moveTargets(context.tree, moving).map(({ folder, depth }) => ({ id: folder.id, name: folder.name, depth })) : []),
    [moving, context.tree],
  );
  const movingParentId = useMemo(() => {
    if (!moving) return null;
    const entries = moving.ancestors.split(',').filter(Boolean);
    const parentId = entries.at(-1);
    return parentId && parentId !== TOP_LEVEL_PARENT_ID ? parentId : null;
  }, [moving]);
  const moveError = choosingParent ? (context.errorKey ? t(context.errorKey) : context.errorMessage) : undefined;
  // The dialogs are built on their first opening, not with every page of the layout (issue 27).
  const editMounted = useOpenedOnce(editing);
  const moveMounted = useOpenedOnce(choosingParent);
  const deleteMounted = useOpenedOnce(confirming);
  return (
    <FoldersContext.Provider value={actor}>
      {children}
      {editMounted && (
        <FolderDialog
          open={editing}
          mode={draft?.mode ?? 'create'}
          parentName={draft?.parent?.name}
          name={draft?.name ?? ''}
          errorText={dialogError}
          busy={phase === 'saving'}
          onNameChange={(name) => actor.send({ type: 'folder.nameChanged', name })}
          onSubmit={() => actor.send({ type: 'folder.submitted' })}
          onCancel={() => actor.send({ type: 'folder.cancelled' })}
        />
      )}
      {moveMounted && (
        <FolderMoveDialog
          open={choosingParent}
          folderName={moving?.name ?? ''}
          currentParentId={movingParentId}
          choices={moveChoices}
          topLevelAllowed={moving ? canMoveTo(context.tree, moving, null) : false}
          errorText={moveError}
          busy={phase === 'moving'}
          onMove={(parentId) => actor.send({ type: 'folder.moveConfirmed', parentId })}
          onCancel={() => actor.send({ type: 'folder.cancelled' })}
        />
      )}
      {deleteMounted && (
        <ConfirmDialog
          open={confirming}
          testId="folder-delete-dialog"
          title={t('deleteFolderTitle', { name: pending?.name ?? '' })}
          body={t('deleteFolderBody', { count: pending ? descendantsOf(context.tree, pending.id).length : 0 })}
          confirmLabel={t('deleteFolder')}
          busy={phase === 'deleting'}
          onConfirm={() => actor.send({ type: 'folder.deleteConfirmed' })}
          onCancel={() => actor.send({ type: 'folder.cancelled' })}
        />
      )}
    </FoldersContext.Provider>
  );
}

export function useFoldersActor(): FoldersActor {
  const actor = useContext(FoldersContext);
  if (!actor) throw new Error('useFoldersActor needs a FoldersProvider above it');
  return actor;
}
