// The standalone frame of every authentication page: a centred card, full width on phones.
import { Box, Card, Flex, Heading, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface AuthCardProps {
  title: string;
  subtitle?: string;
  children: ReactNode;
  footer?: ReactNode;
}

export function AuthCard({ title, subtitle, children, footer }: AuthCardProps) {
  return (
    <Flex minH="100dvh" align="center" justify="center" bg="bg.subtle" px={{ base: 0, md: 4 }} py={{ base: 0, md: 10 }}>
      <Card.Root
        as="main"
        width="100%"
        maxW={{ base: '100%', md: '440px' }}
        minH={{ base: '100dvh', md: 'auto' }}
        borderRadius={{ base: 0, md: 'xl' }}
        boxShadow={{ base: 'none', md: 'lg' }}
      >
        <Card.Header>
          <Heading as="h1" size="xl" data-testid="page-title">
            {title}
          </Heading>
          {subtitle ? (
            <Text color="fg.muted" fontSize="sm">
              {subtitle}
            </Text>
          ) : null}
        </Card.Header>
        <Card.Body>{children}</Card.Body>
        {footer ? (
          <Card.Footer>
            <Box width="100%">{footer}</Box>
          </Card.Footer>
        ) : null}
      </Card.Root>
    </Flex>
  );
}
