// Where the uploads area tells the records area that records were added: the upload dialog's
// emitted `upload.submitted` becomes a `list.reload` event for every record list that is mounted
// (shown or kept alive). The lists register their actors here; nothing goes through `window`.
// A new interface language reloads them too: their folder names are the server's translations.
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useUploadDialog } from './uploads/upload-dialog-context';

interface ReloadTarget {
  send(event: { type: 'list.reload' }): void;
}

const ListsContext = createContext<Set<ReloadTarget> | null>(null);

export function RecordsChangedProvider({ children }: { children: ReactNode }) {
  const uploadDialog = useUploadDialog();
  const lists = useMemo(() => new Set<ReloadTarget>(), []);
  useEffect(() => {
    const subscription = uploadDialog.onSubmitted(() => lists.forEach((list) => list.send({ type: 'list.reload' })));
    return () => subscription.unsubscribe();
  }, [uploadDialog, lists]);
  const { i18n } = useTranslation();
  const language = i18n.language;
  const shownLanguage = useRef(language);
  useEffect(() => {
    if (shownLanguage.current === language) return;
    shownLanguage.current = language;
    lists.forEach((list) => list.send({ type: 'list.reload' }));
  }, [language, lists]);
  return <ListsContext.Provider value={lists}>{children}</ListsContext.Provider>;
}

/** Keeps a record list's actor registered while it is mounted, so added records reload it. */
export function useReloadWhenRecordsChange(actor: ReloadTarget): void {
  const lists = useContext(ListsContext);
  useEffect(() => {
    if (!lists) return undefined;
    lists.add(actor);
    return () => {
      lists.delete(actor);
    };
  }, [lists, actor]);
}

/** Tells every mounted record list that records were added elsewhere (the AI dubbing dialog started tasks). */
export function useRecordsAdded(): () => void {
  const lists = useContext(ListsContext);
  return useCallback(() => lists?.forEach((list) => list.send({ type: 'list.reload' })), [lists]);
}
