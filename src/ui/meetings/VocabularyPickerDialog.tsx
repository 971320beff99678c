import { Alert, Box, Button, Dialog, Heading, HStack, Portal, Spinner, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useOpenedOnce } from '../common/use-opened-once';
import { VOCABULARY_KINDS, vocabularyKindKeys, type VocabularyKind } from '../../shared/contract/vocabulary-kinds';

export interface PickableLibrary {
  id: string;
  kind: VocabularyKind;
  name: string;
  wordCount: number;
}

export interface VocabularyPickerDialogProps {
  open: boolean;
  loading: boolean;
  failed: boolean;
  libraries: readonly PickableLibrary[];
  selected: readonly string[];
  onToggle(id: string): void;
  onConfirm(): void;
  onCancel(): void;
  onRetry(): void;
}

/**
 * The vocabulary libraries a meeting uses, grouped by kind; renders the vocabularyPicker machine's
 * state. Mounted on first open.
 */
export function VocabularyPickerDialog(props: VocabularyPickerDialogProps) {
  return useOpenedOnce(props.open) ? <OpenedVocabularyPickerDialog {...props} /> : null;
}

function OpenedVocabularyPickerDialog(props: VocabularyPickerDialogProps) {
  const { t } = useTranslation(['meetings', 'vocabulary']);
  const { libraries, selected } = props;
  return (
    <Dialog.Root open={props.open} onOpenChange={(details) => !details.open && props.onCancel()} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content maxW="min(560px, 96vw)" data-testid="meeting-vocabulary-dialog">
            <Dialog.Header>
              <Dialog.Title>{t('vocabularyTitle')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text mb="4" fontSize="sm" color="fg.muted">{t('vocabularyHint')}</Text>
              {props.loading && <Spinner data-testid="meeting-vocabulary-loading" />}
              {props.failed && (
                <Alert.Root status="error" data-testid="meeting-vocabulary-failed">
                  <Alert.Indicator />
                  <Alert.Title>{t('vocabularyLoadFailed')}</Alert.Title>
                  <Button size="xs" ms="auto" onClick={props.onRetry} data-testid="meeting-vocabulary-retry">{t('vocabularyRetry')}</Button>
                </Alert.Root>
              )}
              {!props.loading && !props.failed && libraries.length === 0 && <Text data-testid="meeting-vocabulary-none">{t('vocabularyNone')}</Text>}
              <Stack gap="4">
                {VOCABULARY_KINDS.filter((kind) => libraries.some((l) => l.kind === kind)).map((kind) => (
                  <Box key={kind}>
                    <Heading size="xs" mb="2">{t(vocabularyKindKeys(kind).label)}</Heading>
                    <HStack gap="2" flexWrap="wrap">
                      {libraries.filter((l) => l.kind === kind).map((library) => {
                        const on = selected.includes(library.id);
                        return (
                          <Button
                            key={library.id}
                            size="sm"
                            variant={on ? 'solid' : 'outline'}
                            colorPalette={on ? 'brand' : 'gray'}
                            aria-pressed={on}
                            onClick={() => props.onToggle(library.id)}
                            data-testid={`meeting-vocabulary-${library.id}`}
                          >
                            {library.name} ({library.wordCount})
                          </Button>
                        );
                      })}
                    </HStack>
                  </Box>
                ))}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={props.onCancel} data-testid="meeting-vocabulary-cancel">{t('vocabularyCancel')}</Button>
              <Button colorPalette="brand" disabled={props.loading || props.failed} onClick={props.onConfirm} data-testid="meeting-vocabulary-confirm">
                {t('vocabularyConfirm')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
