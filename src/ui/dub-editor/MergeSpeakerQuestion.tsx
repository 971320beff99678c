// Merging lines of different speakers asks which speaker keeps the merged line (features §5 Dub
// editor); the machine waits in its merge question until one is chosen or the merge is cancelled.
import { Button, Stack } from '@chakra-ui/react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogFrame } from '../common/DialogFrame';
import type { MergeQuestionView, SendCommand, SpeakerView } from './dub-editor-view';

export const MergeSpeakerQuestion = memo(function MergeSpeakerQuestion({ question, speakers, send }: { question: MergeQuestionView | null; speakers: readonly SpeakerView[]; send: SendCommand }) {
  const { t } = useTranslation('dubEditor');
  const nameOf = (id: string | null) => (id === null ? t('line.noSpeaker') : (speakers.find((speaker) => speaker.id === id)?.name ?? id));
  return (
    <DialogFrame open={question !== null} title={t('merge.title')} testId="merge-question" onClose={() => send({ type: 'merge.cancel' })}>
      <Stack gap="2">
        {(question?.speakerIds ?? []).map((id) => (
          <Button key={id ?? 'none'} variant="outline" justifyContent="start" onClick={() => send({ type: 'merge.keepSpeaker', speakerId: id })} data-testid={`merge-keep-${id ?? 'none'}`}>
            {t('merge.keep', { name: nameOf(id) })}
          </Button>
        ))}
        <Button variant="ghost" onClick={() => send({ type: 'merge.cancel' })} data-testid="merge-cancel">
          {t('merge.cancel')}
        </Button>
      </Stack>
    </DialogFrame>
  );
});
