// Shared by the transcript page and the host's meeting view. Issue 14 §4: the vocabulary libraries in force are shown on the record (and the host's meeting),
// one compact line; nothing at all when none applies (or the answer does not say, e.g. a share reader).
import { Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { VocabularyKindName } from '../../shared/contract/vocabulary-limits';

/** A library as the record and meeting answers name it (the contract's VocabularyInForce). */
export interface VocabularyInForceView {
  id: string;
  name: string;
  kind: VocabularyKindName;
}

export function VocabulariesInForce({ libraries, testId = 'vocabularies-in-force' }: { libraries: readonly VocabularyInForceView[] | null | undefined; testId?: string }) {
  const { t } = useTranslation('vocabulary');
  if (!libraries || libraries.length === 0) return null;
  const items = libraries.map((library) => t('inForceItem', { name: library.name, kind: t(`kind.${library.kind}`) }));
  return (
    <Text fontSize="sm" color="fg.muted" data-testid={testId}>
      {t('inForce', { libraries: items.join(t('inForceSeparator')) })}
    </Text>
  );
}
