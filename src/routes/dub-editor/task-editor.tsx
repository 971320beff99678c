// The dub editor of one task: the task (name, languages, length) from the dubEditorTask machine; the
// lines, undo and saving from the subtitleEditor machine (its own calls on the dubbing api; it also
// keeps two windows in sync through the edit-records broadcast channel); per-line previews from the
// linePreview machine; the waveform from the server's peaks. Loaded by dub-editor.route.tsx once the
// address names a task, so wavesurfer and the machines never enter another page's bundle nor /dub's
// first paint without a task; the voice-over panel loads only when opened.
import { Button } from '@chakra-ui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { lazy, memo, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  dropPrefetchedTask,
  dubEditorTaskMachine,
  dubMediaUrlOf,
  selectShownName,
  selectTask,
  selectTaskError,
  selectTaskPhase,
  type DubEditorTask,
} from '../../machines/dub-editor/dubEditorTask.machine';
import { taskPeaksSource } from '../../machines/dub-editor/peaks-source';
import {
  dropPrefetchedEditor,
  prefetchEditor,
  selectCanRedo,
  selectCanUndo,
  selectLines,
  selectLoadState,
  selectMergeQuestion,
  selectRefusal,
  selectSaveError,
  selectSaveState,
  selectSelectedLineId,
  selectSpeakers,
  subtitleEditorMachine,
} from '../../machines/dub-editor/subtitleEditor.machine';
import type { DubLine } from '../../machines/dub-editor/subtitleEditor.types';
import { linePreviewMachine, selectPreview } from '../../machines/dub-editor/linePreview.machine';
import { newTakeMachine, selectNewTake } from '../../machines/dub-editor/newTake.machine';
import { NewTakeControl } from '../../ui/dub-editor/NewTakeControl';
import { TOAST_DURATION_MS } from '../../shared/contract/limits';
import { DubEditorScreen, type TimelineSlotProps } from '../../ui/dub-editor/DubEditorScreen';
import type { EditorCommand, MergeQuestionView } from '../../ui/dub-editor/dub-editor-view';
import { Timeline } from '../../ui/dub-editor/timeline';
import { showToast } from '../shell/show-toast';
import { Loading, Notice } from './dub-editor-notices';
import { SubtitleImportContainer } from './subtitle-import';

const VoiceoverPanelContainer = lazy(() => import('./voiceover-panel'));

function languageName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** Opens the voice-over panel; memoised, so the header's slot redrawn for a new selection leaves it alone. */
const VoiceoverOpenButton = memo(function VoiceoverOpenButton({ onOpen }: { onOpen(): void }) {
  const { t } = useTranslation('dubEditor');
  return (
    <Button size="xs" colorPalette="blue" onClick={onOpen} data-testid="voiceover-open">
      {t('header.voiceover')}
    </Button>
  );
});

// No language switch yet (one dubbing language per task): a stable no-op keeps the header memoised.
const keepLanguage = () => undefined;

function Editor({ taskId, task, name, onRename }: { taskId: string; task: DubEditorTask; name: string; onRename(name: string, lines: readonly DubLine[]): void }) {
  const { t, i18n } = useTranslation('dubEditor');
  const lang = task.translationLanguage ?? undefined;
  const editor = useActorRef(subtitleEditorMachine, { input: { taskId, ...(lang ? { lang } : {}), durationMs: task.durationMs } });
  const preview = useActorRef(linePreviewMachine);
  const newTake = useActorRef(newTakeMachine);
  const take = useSelector(newTake, selectNewTake, (a, b) => a.phase === b.phase && a.number === b.number && a.errorKey === b.errorKey && a.errorMessage === b.errorMessage);
  const loadState = useSelector(editor, selectLoadState);
  const lines = useSelector(editor, selectLines);
  const speakers = useSelector(editor, selectSpeakers);
  const selectedLineId = useSelector(editor, selectSelectedLineId);
  const saveState = useSelector(editor, selectSaveState);
  const saveError = useSelector(editor, selectSaveError);
  const canUndo = useSelector(editor, selectCanUndo);
  const canRedo = useSelector(editor, selectCanRedo);
  const refusal = useSelector(editor, selectRefusal);
  const question = useSelector(editor, selectMergeQuestion);
  const previewState = useSelector(preview, selectPreview, (a, b) => a.phase === b.phase && a.lineId === b.lineId && a.audio === b.audio && a.errorKey === b.errorKey);
  const [voiceoverOpen, setVoiceoverOpen] = useState(false);
  // Kept across edits: a new array would draw the memoised header again, and Intl.DisplayNames is
  // not cheap to build on every edit.
  const languages = useMemo(() => (lang ? [{ code: lang, name: languageName(lang, i18n.language) }] : []), [lang, i18n.language]);
  const peaks = useMemo(() => taskPeaksSource(taskId, lang), [taskId, lang]);

  const send = useCallback((command: EditorCommand) => editor.send(command), [editor]);
  const mergeQuestion: MergeQuestionView | null = useMemo(
    () => (question ? { lineId: question.lineId, speakerIds: question.choices.map((choice) => choice.speakerId) } : null),
    [question],
  );
  const onPreview = useCallback(
    (lineId: string) => {
      const line = editor.getSnapshot().context.lines.find((candidate) => candidate.id === lineId);
      if (!line) return;
      const text = line.translation?.trim() ? line.translation : line.text;
      preview.send({ type: 'preview', request: { taskId, lineId, text, speakerId: line.speakerId ?? null, startMs: line.startMs, endMs: line.endMs, ...(lang ? { lang } : {}) } });
    },
    [editor, preview, taskId, lang],
  );
  const onStopPreview = useCallback(() => preview.send({ type: 'stop' }), [preview]);
  const onPreviewEnded = useCallback(() => preview.send({ type: 'ended' }), [preview]);
  const onDuration = useCallback((durationMs: number) => editor.send({ type: 'duration', durationMs }), [editor]);
  const renderTimeline = useCallback(
    ({ handleRef, ...slot }: TimelineSlotProps) => <Timeline taskId={taskId} peaks={peaks} ref={handleRef} {...slot} />,
    [taskId, peaks],
  );

  // Stable across edits, so the screen's header (memoised) is not drawn again on each edit.
  const renameRecord = useCallback((next: string) => onRename(next, editor.getSnapshot().context.lines), [onRename, editor]);
  const durationSeconds = (task.durationMs ?? 0) / 1000;
  const selectedNumber = selectedLineId ? lines.findIndex((line) => line.id === selectedLineId) + 1 || null : null;
  const openVoiceover = useCallback(() => setVoiceoverOpen(true), []);
  const closeVoiceover = useCallback(() => setVoiceoverOpen(false), []);
  // Reads the selection when clicked: a callback made anew for each selection would draw the memoised
  // header again on every edit that moves it (a delete does).
  const onNewTake = useCallback(() => {
    const { lines: current, selectedLineId: lineId } = editor.getSnapshot().context;
    const number = lineId ? current.findIndex((line) => line.id === lineId) + 1 : 0;
    if (!lineId || number === 0) return;
    newTake.send({ type: 'newTake', request: { taskId, lineId, number, ...(lang ? { lang } : {}) } });
  }, [editor, newTake, taskId, lang]);
  const voiceover = useMemo(
    () => (
      <>
        <NewTakeControl
          selectedNumber={selectedNumber}
          phase={take.phase}
          takeNumber={take.number}
          failure={take.phase === 'failed' ? (take.errorMessage ?? t(take.errorKey ?? 'newTake.failed')) : null}
          voiceLeftDb={task.voiceLeftDb}
          onNewTake={onNewTake}
        />
        <SubtitleImportContainer editor={editor} />
        <VoiceoverOpenButton onOpen={openVoiceover} />
        {voiceoverOpen && (
          <Suspense fallback={null}>
            <VoiceoverPanelContainer taskId={taskId} lang={lang ?? ''} durationSeconds={durationSeconds} onClose={closeVoiceover} />
          </Suspense>
        )}
      </>
    ),
    [t, voiceoverOpen, taskId, lang, durationSeconds, editor, selectedNumber, take, task.voiceLeftDb, onNewTake, openVoiceover, closeVoiceover],
  );

  if (loadState === 'loading') return <Loading />;
  if (loadState === 'failed') return <Notice text={t('page.loadFailed')} action={{ label: t('page.retry'), onClick: () => editor.send({ type: 'load.retry' }) }} />;
  return (
    <DubEditorScreen
      name={name}
      onRename={renameRecord}
      languages={languages}
      language={lang ?? ''}
      onLanguage={keepLanguage}
      durationMs={task.durationMs ?? lines.at(-1)?.endMs ?? 0}
      lines={lines}
      speakers={speakers}
      selectedLineId={selectedLineId}
      saveState={saveState}
      saveFailure={saveError ? (saveError.errorMessage ?? t(saveError.errorKey ?? 'api:error')) : null}
      canUndo={canUndo}
      canRedo={canRedo}
      refusal={refusal}
      mergeQuestion={mergeQuestion}
      send={send}
      sourceUrl={dubMediaUrlOf(taskId, 'source')}
      dubbedUrl={task.hasDubbedVideo ? dubMediaUrlOf(taskId, 'dubbedVideo', lang) : null}
      preview={previewState}
      onPreview={onPreview}
      onStopPreview={onStopPreview}
      onPreviewEnded={onPreviewEnded}
      onDuration={onDuration}
      renderTimeline={renderTimeline}
      voiceover={voiceover}
    />
  );
}

export function TaskEditor({ taskId }: { taskId: string }) {
  const { t } = useTranslation('dubEditor');
  // The lines and speakers are read while the task is, not after it (issue 13 benchmark): the
  // editor's first load takes this read. Idempotent until taken.
  useState(() => prefetchEditor(taskId));
  // Leaving before the machines took the reads DubEditorRoute started: nothing keeps them (a later
  // visit reads afresh).
  useEffect(
    () => () => {
      dropPrefetchedTask(taskId);
      dropPrefetchedEditor(taskId);
    },
    [taskId],
  );
  const actor = useActorRef(dubEditorTaskMachine, { input: { taskId } });
  const phase = useSelector(actor, selectTaskPhase);
  const task = useSelector(actor, selectTask);
  const name = useSelector(actor, selectShownName);
  const error = useSelector(actor, selectTaskError, (a, b) => a.key === b.key && a.message === b.message);
  useEffect(() => {
    if (phase !== 'ready' || (!error.key && !error.message)) return;
    void showToast({ type: 'error', title: error.message ?? t(error.key ?? 'api:error'), duration: TOAST_DURATION_MS });
    actor.send({ type: 'dismissError' });
  }, [phase, error, actor, t]);
  const onRename = useCallback((next: string, lines: readonly DubLine[]) => actor.send({ type: 'rename', name: next, lines }), [actor]);

  if (phase === 'loading') return <Loading />;
  if (phase === 'failed' || !task)
    return <Notice text={error.message ?? t(error.key ?? 'page.loadFailed')} action={{ label: t('page.retry'), onClick: () => actor.send({ type: 'retry' }) }} />;
  return <Editor taskId={taskId} task={task} name={name} onRename={onRename} />;
}

