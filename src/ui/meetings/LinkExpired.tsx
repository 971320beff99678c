import { Alert, Link, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** 'meeting link expired' (or ended) with an optional way on (downloads). */
export function LinkExpired({ title, body, children, testId = 'meeting-link-expired' }: { title: string; body?: string; children?: ReactNode; testId?: string }) {
  return (
    <Alert.Root status="info" data-testid={testId}>
      <Alert.Indicator />
      <Stack gap="1">
        <Alert.Title>{title}</Alert.Title>
        {body && <Alert.Description>{body}</Alert.Description>}
        {children}
      </Stack>
    </Alert.Root>
  );
}

export { Link };
