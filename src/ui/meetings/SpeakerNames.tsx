// The host's speakers panel (issue 26 §6): every speaker heard so far, by the name the host gave or
// "Speaker N", each renamable. The rename is the speakerRename machine; the new name comes back to
// every page (this one included) as speaker.renamed on the socket.
import { Button, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useMachine } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { LiveSubtitleLine } from '../../shared/contract/meeting';
import { speakersOf } from '../../machines/meetings/liveSubtitles.lines';
import { SPEAKER_NAME_MAX, speakerRenameMachine } from '../../machines/meetings/speakerRename.machine';

export function SpeakerNames({ meetingId, finals }: { meetingId: string; finals: readonly LiveSubtitleLine[] }) {
  const { t } = useTranslation('meetings');
  const [state, send] = useMachine(speakerRenameMachine, { input: { meetingId } });
  const speakers = speakersOf(finals);
  if (speakers.length === 0) return null;
  const { speakerIndex, draft, failed } = state.context;
  const saving = state.matches('saving');
  return (
    <Stack gap="2" data-testid="speaker-names" aria-label={t('speakers.title')} role="group">
      <Text fontWeight="semibold">{t('speakers.title')}</Text>
      {speakers.map(({ index, name }) => {
        const shown = name ?? t('speakers.name', { number: index });
        if (speakerIndex === index && !state.matches('idle')) {
          return (
            <form
              key={index}
              onSubmit={(event) => {
                event.preventDefault();
                send({ type: 'speaker.save' });
              }}
            >
              <Field.Root invalid={failed}>
                <Field.Label>{t('speakers.newName', { name: shown })}</Field.Label>
                <HStack>
                  <Input value={draft} maxLength={SPEAKER_NAME_MAX} onChange={(e) => send({ type: 'speaker.type', name: e.currentTarget.value })} data-testid="speaker-name-input" autoFocus />
                  <Button type="submit" colorPalette="brand" loading={saving} disabled={!draft.trim()} data-testid="speaker-name-save">
                    {t('speakers.save')}
                  </Button>
                  <Button variant="ghost" disabled={saving} onClick={() => send({ type: 'speaker.cancel' })}>
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
            <Button size="xs" variant="outline" aria-label={t('speakers.rename', { name: shown })} onClick={() => send({ type: 'speaker.edit', speakerIndex: index, name: shown })}>
              {t('speakers.renameButton')}
            </Button>
          </HStack>
        );
      })}
    </Stack>
  );
}
