// The host's speakers panel (issue 26 §6): every speaker heard so far, by the name the host gave or
// "Speaker N", each renamable. The route runs the rename (speakerRename machine) and passes its state;
// the new name comes back to every page (this one included) as speaker.renamed on the socket.
import { Button, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/** The longest speaker name the contract takes. */
const SPEAKER_NAME_MAX = 50;

export interface SpeakerNamesProps {
  speakers: readonly { index: number; name: string | null }[];
  /** The speaker being renamed, with the draft, or null. */
  editing: { speakerIndex: number; draft: string; failed: boolean; saving: boolean } | null;
  onEdit(speakerIndex: number, name: string): void;
  onType(name: string): void;
  onSave(): void;
  onCancel(): void;
}

export function SpeakerNames({ speakers, editing, onEdit, onType, onSave, onCancel }: SpeakerNamesProps) {
  const { t } = useTranslation('meetings');
  if (speakers.length === 0) return null;
  return (
    <Stack gap="2" data-testid="speaker-names" aria-label={t('speakers.title')} role="group">
      <Text fontWeight="semibold">{t('speakers.title')}</Text>
      {speakers.map(({ index, name }) => {
        const shown = name ?? t('speakers.name', { number: index });
        if (editing?.speakerIndex === index) {
          const { draft, failed, saving } = editing;
          return (
            <form
              key={index}
              onSubmit={(event) => {
                event.preventDefault();
                onSave();
              }}
            >
              <Field.Root invalid={failed}>
                <Field.Label>{t('speakers.newName', { name: shown })}</Field.Label>
                <HStack>
                  <Input value={draft} maxLength={SPEAKER_NAME_MAX} onChange={(e) => onType(e.currentTarget.value)} data-testid="speaker-name-input" autoFocus />
                  <Button type="submit" colorPalette="brand" loading={saving} disabled={!draft.trim()} data-testid="speaker-name-save">
                    {t('speakers.save')}
                  </Button>
                  <Button variant="ghost" disabled={saving} onClick={onCancel}>
                    {t('speakers.cancel')}
                  </Button>
                </HStack>
                {failed && <Field.ErrorText>{t('speakers.failed')}</Field.ErrorText>}
              </Field.Root>
            </form>
          );
        }
        return (
          <HStack key={index} justify="space-between">
            <Text data-testid="speaker-name">{shown}</Text>
            <Button size="xs" variant="outline" aria-label={t('speakers.rename', { name: shown })} onClick={() => onEdit(index, shown)}>
              {t('speakers.renameButton')}
            </Button>
          </HStack>
        );
      })}
    </Stack>
  );
}
