// Where the meetings and vocabulary areas meet (a junction, as the import rules want):
// the meeting setup's picker of vocabulary libraries — the vocabulary area's picker machine rendered
// by the meetings area's dialog. The confirmed ids go to the setup machine through onConfirm.
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import {
  selectPickerConfirmed,
  selectPickerFailed,
  selectPickerLibraries,
  selectPickerLoading,
  selectPickerOpen,
  selectPickerSelected,
  vocabularyPickerMachine,
} from '../../machines/vocabulary/vocabularyPicker.machine';
import { VocabularyPickerDialog } from '../../ui/meetings/VocabularyPickerDialog';

export type VocabularyPickerActor = ActorRefFrom<typeof vocabularyPickerMachine>;

export function useMeetingVocabularyPicker(confirmed: readonly string[]): VocabularyPickerActor {
  return useActorRef(vocabularyPickerMachine, { input: { confirmed: [...confirmed] } });
}

export function MeetingVocabularyPicker({ picker, onConfirm }: { picker: VocabularyPickerActor; onConfirm(documentIds: string[]): void }) {
  const open = useSelector(picker, selectPickerOpen);
  const loading = useSelector(picker, selectPickerLoading);
  const failed = useSelector(picker, selectPickerFailed);
  const libraries = useSelector(picker, selectPickerLibraries);
  const selected = useSelector(picker, selectPickerSelected);
  return (
    <VocabularyPickerDialog
      open={open}
      loading={loading}
      failed={failed}
      libraries={libraries}
      selected={selected}
      onToggle={(id) => picker.send({ type: 'picker.toggle', id })}
      onConfirm={() => {
        picker.send({ type: 'picker.confirm' });
        onConfirm(selectPickerConfirmed(picker.getSnapshot()));
      }}
      onCancel={() => picker.send({ type: 'picker.cancel' })}
      onRetry={() => picker.send({ type: 'picker.retry' })}
    />
  );
}
