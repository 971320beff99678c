import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { LeftNav } from '../ui/layout/LeftNav';
import { MainLayout } from '../ui/layout/MainLayout';
import { KeepAliveOutlet } from './shell/keep-alive-outlet';
import { FolderTreeNav } from './records/folder-tree-nav';
import { FoldersProvider } from './records/folders-context';
import { useIsSignedIn } from './shell/session-context';
import { ShellHeader } from './shell/shell-header';
import { UploadDialogWithFolders } from './junctions/uploads-records';
import { useAppBus } from './shell/app-bus';
import { HELP_CENTRE_PATH } from './shell/shell-links';
import { useIsMobile } from './shell/use-is-mobile';

/** platform §2: the background image appears only on these pages. */
export const BACKGROUND_PATHS: ReadonlySet<string> = new Set(['/', '/recordList', '/favourList', '/shareList']);

/** A new interface language reloads the record lists: their folder names are the server's translations. */
function useRecordsChangedWithLanguage(): void {
  const bus = useAppBus();
  const { i18n } = useTranslation();
  const language = i18n.language;
  const shownLanguage = useRef(language);
  useEffect(() => {
    if (shownLanguage.current === language) return;
    shownLanguage.current = language;
    bus.send({ type: 'records.changed' });
  }, [language, bus]);
}

export default function MainLayoutRoute() {
  const location = useLocation();
  const navigate = useNavigate();
  const isMobile = useIsMobile();
  const signedIn = useIsSignedIn();
  const [navOpen, setNavOpen] = useState(false);
  useRecordsChangedWithLanguage();
  useEffect(() => setNavOpen(false), [location.pathname, isMobile]);
  const isExternal = /^https?:\/\//.test(HELP_CENTRE_PATH);
  return (
    // The folder tree is outermost: the upload dialog's folder field chooses among its folders.
    <FoldersProvider signedIn={signedIn}>
      <UploadDialogWithFolders>
        <MainLayout
          isMobile={isMobile}
          navOpen={navOpen}
          onNavOpenChange={setNavOpen}
          withBackground={BACKGROUND_PATHS.has(location.pathname)}
          header={<ShellHeader isMobile={isMobile} onOpenNav={() => setNavOpen(true)} />}
          nav={
            <LeftNav
              currentPath={location.pathname}
              helpHref={HELP_CENTRE_PATH}
              onNavigate={(to) => (isExternal && to === HELP_CENTRE_PATH ? window.open(to, '_blank', 'noopener') : navigate(to))}
              folderTree={<FolderTreeNav />}
            />
          }
        >
          <KeepAliveOutlet />
        </MainLayout>
      </UploadDialogWithFolders>
    </FoldersProvider>
  );
}
