import { Box, CloseButton, Drawer, Flex, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface MainLayoutProps {
  header: ReactNode;
  nav: ReactNode;
  isMobile: boolean;
  navOpen: boolean;
  onNavOpenChange(open: boolean): void;
  withBackground: boolean;
  children: ReactNode;
}

// The background is shipped in the repo as CSS (no external asset): soft brand-coloured light spots.
export const MAIN_BACKGROUND =
  'radial-gradient(1200px 500px at 85% -10%, rgba(53,101,242,0.18), transparent 60%),' +
  'radial-gradient(900px 420px at -10% 110%, rgba(20,184,166,0.16), transparent 60%),' +
  'linear-gradient(180deg, #f7f9ff 0%, #eef3fb 100%)';

export function MainLayout({ header, nav, isMobile, navOpen, onNavOpenChange, withBackground, children }: MainLayoutProps) {
  return (
    <Flex h="100vh" overflow="hidden" data-testid="main-layout" data-background={withBackground ? 'on' : 'off'} style={withBackground ? { background: MAIN_BACKGROUND } : undefined}>
      {!isMobile && (
        <Box as="aside" w="60" flexShrink={0} borderRightWidth="1px" bg={withBackground ? 'bg/70' : 'bg'} overflowY="auto">
          {nav}
        </Box>
      )}
      {isMobile && (
        <Drawer.Root open={navOpen} onOpenChange={(details) => onNavOpenChange(details.open)} placement="start">
          <Portal>
            <Drawer.Backdrop />
            <Drawer.Positioner>
              <Drawer.Content maxW="72" data-testid="mobile-nav-drawer">
                <Drawer.CloseTrigger asChild>
                  <CloseButton size="sm" />
                </Drawer.CloseTrigger>
                <Drawer.Body p="0" pt="8">
                  {nav}
                </Drawer.Body>
              </Drawer.Content>
            </Drawer.Positioner>
          </Portal>
        </Drawer.Root>
      )}
      <Flex direction="column" flex="1" minW="0">
        {header}
        <Box as="main" flex="1" overflowY="auto" p={{ base: '4', md: '6' }}>
          {children}
        </Box>
      </Flex>
    </Flex>
  );
}
