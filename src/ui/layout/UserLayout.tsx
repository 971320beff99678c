import { Box, Button, Flex, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface UserLayoutProps {
  header: ReactNode;
  currentPath: string;
  onNavigate(to: string): void;
  children: ReactNode;
}

const SECTIONS = [
  { to: '/user/profile', key: 'userProfile' },
  { to: '/user/account', key: 'userAccount' },
] as const;

export function UserLayout({ header, currentPath, onNavigate, children }: UserLayoutProps) {
  const { t } = useTranslation('pages');
  return (
    <Flex direction="column" minH="100vh" bg="bg.subtle" data-testid="user-layout">
      {header}
      <Flex flex="1" direction={{ base: 'column', md: 'row' }} gap="6" p={{ base: '4', md: '6' }} maxW="6xl" w="full" mx="auto">
        <Stack as="nav" aria-label={t('personalCentre')} w={{ base: 'full', md: '56' }} gap="1" flexShrink={0}>
          <Text fontSize="xs" fontWeight="semibold" color="fg.muted" textTransform="uppercase" px="3" pb="1">
            {t('personalCentre')}
          </Text>
          {SECTIONS.map((section) => (
            <Button
              key={section.to}
              justifyContent="start"
              variant={currentPath === section.to ? 'subtle' : 'ghost'}
              colorPalette={currentPath === section.to ? 'brand' : 'gray'}
              onClick={() => onNavigate(section.to)}
            >
              {t(section.key)}
            </Button>
          ))}
        </Stack>
        <Box flex="1" minW="0" bg="bg" borderRadius="lg" borderWidth="1px" p={{ base: '4', md: '6' }}>
          {children}
        </Box>
      </Flex>
    </Flex>
  );
}
