import { Box, Container } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** Standalone routes have no navigation or header: a centred column on a quiet surface. */
export function StandalonePage({ children }: { children: ReactNode }) {
  return (
    <Box minH="100vh" bg="bg.subtle" py={{ base: '6', md: '12' }} data-testid="standalone-layout">
      <Container maxW="3xl">{children}</Container>
    </Box>
  );
}
