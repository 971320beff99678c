// "Import subtitles" wired to its machine: the subtitleImport actor reads the chosen .srt and hands
// the reviewed cues to the dub editor's subtitleEditor actor as one undoable edit.
import { useActorRef, useSelector } from '@xstate/react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { SubtitleEditorActor } from '../../machines/dub-editor/subtitleEditor.machine';
import { selectImportContext, selectImportStep, subtitleImportMachine } from '../../machines/dub-editor/subtitleImport.machine';
import { SubtitleImportPanel } from '../../ui/dub-editor/SubtitleImportPanel';

/** Memoised on its actor: the header's slot is drawn again on edits, the import panel need not be. */
export const SubtitleImportContainer = memo(function SubtitleImportContainer({ editor }: { editor: SubtitleEditorActor }) {
  const { t } = useTranslation('dubEditor');
  const actor = useActorRef(subtitleImportMachine, { input: { editor } });
  const step = useSelector(actor, selectImportStep);
  const context = useSelector(actor, selectImportContext);
  const error = context.error ? (context.error.errorMessage ?? t(context.error.errorKey ?? 'dubEditor:import.failed')) : null;
  return (
    <SubtitleImportPanel
      step={step}
      readingName={context.reading}
      review={context.read ? { fileName: context.read.fileName, encoding: context.read.encoding, count: context.read.cues.length } : null}
      mode={context.mode}
      target={context.target}
      error={error}
      onFile={(file) => actor.send({ type: 'import.file', file })}
      onMode={(mode) => actor.send({ type: 'import.mode', mode })}
      onTarget={(target) => actor.send({ type: 'import.target', target })}
      onConfirm={() => actor.send({ type: 'import.confirm' })}
      onCancel={() => actor.send({ type: 'import.cancel' })}
    />
  );
});
