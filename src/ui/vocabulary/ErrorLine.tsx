import { Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { ShownError } from './vocabulary-view-types';

/** One failure, read out when it appears (role alert). */
export function ErrorLine({ error, testId }: { error: ShownError | null; testId: string }) {
  const { t } = useTranslation('vocabulary');
  if (!error || (!error.message && !error.key)) return null;
  return (
    <Text role="alert" fontSize="sm" color="fg.error" data-testid={testId}>
      {error.message || t(error.key!, error.params)}
    </Text>
  );
}
