import { Box, Button, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_FOLDER_ID } from '../../shared/contract/limits';

export interface LeftNavProps {
  currentPath: string;
  helpHref: string;
  onNavigate(to: string): void;
  /** The folder tree under Records (the route layer supplies it with its data and actions). */
  folderTree?: ReactNode;
}

interface NavLinkProps {
  to: string;
  active: boolean;
  onNavigate(to: string): void;
  children: ReactNode;
  indent?: number;
}

function NavLink({ to, active, onNavigate, children, indent = 0 }: NavLinkProps) {
  // A real anchor keeps open-in-new-tab working; a plain click stays in the app.
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    onNavigate(to);
  };
  return (
    <Box
      asChild
      display="block"
      px="3"
      py="2"
      ps={`${12 + indent * 16}px`}
      borderRadius="md"
      fontSize="sm"
      fontWeight={active ? 'semibold' : 'normal'}
      bg={active ? 'brand.subtle' : undefined}
      color={active ? 'brand.fg' : 'fg'}
      _hover={{ bg: active ? 'brand.muted' : 'bg.muted' }}
    >
      <a href={to} onClick={onClick} aria-current={active ? 'page' : undefined}>
        {children}
      </a>
    </Box>
  );
}

export function LeftNav({ currentPath, helpHref, onNavigate, folderTree }: LeftNavProps) {
  const { t } = useTranslation('nav');
  const [foldersOpen, setFoldersOpen] = useState(currentPath === '/recordList');
  // Entering the records page unfolds its tree; the toggle still folds it away afterwards.
  useEffect(() => {
    if (currentPath === '/recordList') setFoldersOpen(true);
  }, [currentPath]);
  const is = (path: string) => currentPath === path;
  return (
    <Stack as="nav" aria-label={t('navigation')} data-testid="left-nav" gap="1" p="3" h="full">
      <NavLink to="/" active={is('/')} onNavigate={onNavigate}>
        {t('home')}
      </NavLink>
      <Text px="3" pt="4" pb="1" fontSize="xs" fontWeight="semibold" color="fg.muted" textTransform="uppercase">
        {t('my')}
      </Text>
      <Box display="flex" alignItems="center">
        <Box flex="1">
          <NavLink to="/recordList" active={is('/recordList')} onNavigate={onNavigate}>
            {t('records')}
          </NavLink>
        </Box>
        <Button
          size="xs"
          variant="ghost"
          aria-expanded={foldersOpen}
          aria-label={foldersOpen ? t('collapseFolders') : t('expandFolders')}
          data-testid="folder-tree-toggle"
          onClick={() => setFoldersOpen((open) => !open)}
        >
          {foldersOpen ? '▾' : '▸'}
        </Button>
      </Box>
      {foldersOpen && folderTree}
      {foldersOpen && !folderTree && (
        <Box role="tree" data-testid="folder-tree">
          <Box role="treeitem" aria-selected={false}>
            <NavLink to={`/recordList?folderId=${DEFAULT_FOLDER_ID}`} active={false} onNavigate={onNavigate} indent={1}>
              {t('defaultFolder')}
            </NavLink>
          </Box>
        </Box>
      )}
      <NavLink to="/favourList" active={is('/favourList')} onNavigate={onNavigate}>
        {t('favorites')}
      </NavLink>
      <NavLink to="/shareList" active={is('/shareList')} onNavigate={onNavigate}>
        {t('shares')}
      </NavLink>
      <NavLink to="/vocabulary" active={is('/vocabulary') || is('/vocabularyDetail')} onNavigate={onNavigate}>
        {t('vocabulary')}
      </NavLink>
      <Box flex="1" />
      <NavLink to={helpHref} active={is(helpHref)} onNavigate={onNavigate}>
        {t('helpCenter')}
      </NavLink>
    </Stack>
  );
}
