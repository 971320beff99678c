import { Alert } from '@chakra-ui/react';

export function FormAlert({ text, testId }: { text?: string; testId: string }) {
  if (!text) return null;
  return (
    <Alert.Root status="error" data-testid={testId} role="alert">
      <Alert.Indicator />
      <Alert.Title>{text}</Alert.Title>
    </Alert.Root>
  );
}
