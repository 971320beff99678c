// Renames a speaker everywhere (editSpeaker). The name cannot be empty: the button stays disabled
// and says why, and the machine refuses an empty name as well.
import { Button, chakra, Text } from '@chakra-ui/react';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogFrame } from '../common/DialogFrame';
import type { SendCommand, SpeakerView } from './dub-editor-view';

export const SPEAKER_NAME_MAX = 50;

const NameInput = chakra('input', { base: { w: 'full', px: '3', py: '2', borderWidth: '1px', rounded: 'md', bg: 'bg' } });

export const SpeakerRenameDialog = memo(function SpeakerRenameDialog({ speaker, send, onClose }: { speaker: SpeakerView | null; send: SendCommand; onClose(): void }) {
  const { t } = useTranslation('dubEditor');
  const [name, setName] = useState<string | null>(null);
  const value = name ?? speaker?.name ?? '';
  const empty = !value.trim();
  const close = () => {
    setName(null);
    onClose();
  };
  const save = () => {
    if (!speaker || empty) return;
    send({ type: 'speaker.rename', speakerId: speaker.id, name: value.trim() });
    close();
  };
  return (
    <DialogFrame
      open={speaker !== null}
      title={t('speaker.renameTitle')}
      testId="speaker-rename"
      onClose={close}
      footer={
        <>
          <Button variant="outline" onClick={close}>
            {t('speaker.cancel')}
          </Button>
          <Button disabled={empty} onClick={save} data-testid="speaker-rename-save">
            {t('speaker.save')}
          </Button>
        </>
      }
    >
      <NameInput
        value={value}
        maxLength={SPEAKER_NAME_MAX}
        aria-label={t('speaker.name')}
        aria-invalid={empty || undefined}
        autoFocus
        onChange={(event) => setName(event.currentTarget.value)}
        onKeyDown={(event) => event.key === 'Enter' && save()}
        data-testid="speaker-rename-input"
      />
      {empty && (
        <Text fontSize="xs" color="fg.error" mt="1" data-testid="speaker-name-required">
          {t('refusal.speakerNameEmpty')}
        </Text>
      )}
    </DialogFrame>
  );
});
