// The transcript page (/meetingDetail?id=…): any record, transcription or meeting. Composes the
// transcript and summary machines, the media element's clock (mediaTime$) and the file downloads.
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { indexAt, playbackMachine, selectNowMs, wordTimings } from '../../machines/transcript/playback.machine';
import { selectCanRefresh, selectSummaryContext, selectSummaryStatus, summaryMachine } from '../../machines/transcript/summary.machine';
import {
  mediaUrlOf,
  selectChoices,
  selectExporting,
  selectReadingLineId,
  transcriptFilesMachine,
  translationChoicesLogic,
  type TranscriptFilesEmitted,
} from '../../machines/transcript/transcriptFiles.machine';
import { isProcessing, selectTranscriptContext, selectTranscriptStatus, transcriptMachine } from '../../machines/transcript/transcript.machine';
import type { SegmentView } from '../../ui/transcript/SegmentRow';
import { SummaryPanel } from '../../ui/transcript/SummaryPanel';
import { TranscriptPage } from '../../ui/transcript/TranscriptPage';
import { saveToDisk } from '../../shared/save-file';
import { showNotice } from '../show-toast';

/** What the files machine hands over: a file to save, speech to play, or a notice to show. */
function useFileResults(actor: { on: (type: '*', listener: (event: TranscriptFilesEmitted) => void) => { unsubscribe(): void } }) {
  const { t } = useTranslation('transcript');
  useEffect(() => {
    const subscription = actor.on('*', (event) => {
      if (event.type === 'file.ready') saveToDisk(event.file);
      else if (event.type === 'speech.ready') playOnce(event.audio);
      else showNotice(event, t);
    });
    return () => subscription.unsubscribe();
  }, [actor, t]);
}

function playOnce(audio: Blob) {
  const url = URL.createObjectURL(audio);
  const element = new Audio(url);
  element.onended = () => URL.revokeObjectURL(url);
  void element.play().catch(() => undefined);
}

function SummaryContainer({ transId, shareCode }: { transId: string; shareCode?: string }) {
  const { t } = useTranslation('transcript');
  const actor = useActorRef(summaryMachine, { input: { transId, ...(shareCode ? { shareCode } : {}) } });
  const { summary, refreshSecondsLeft, errorKey, errorMessage } = useSelector(actor, selectSummaryContext);
  const status = useSelector(actor, selectSummaryStatus);
  const canRefresh = useSelector(actor, selectCanRefresh);
  const errorText = errorMessage ?? (errorKey ? t(errorKey) : undefined);
  const files = useActorRef(transcriptFilesMachine, { input: { id: transId, shareCode } });
  useFileResults(files);
  return (
    <SummaryPanel
      status={status}
      content={summary?.content ?? ''}
      keyPoints={summary?.keyPoints ?? []}
      keywords={summary?.keywords ?? []}
      refreshSecondsLeft={refreshSecondsLeft}
      canRefresh={canRefresh}
      {...(errorText ? { errorText } : {})}
      onGenerate={() => actor.send({ type: 'summary.generate' })}
      onDownload={() => files.send({ type: 'summary.downloadRequested' })}
    />
  );
}

/** Milliseconds from the address, or null when absent or not a time. */
function cueFrom(value: string | null): number | null {
  if (value === null || !/^\d{1,9}$/.test(value)) return null;
  return Number(value);
}

export default function MeetingDetailPage() {
  const { t } = useTranslation('transcript');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const shareCode = params.get('shareCode') ?? undefined;
  // A search hit opens the transcript at its line: ?t=<ms> places the player, ?line=<id> scrolls to it.
  const cueMs = cueFrom(params.get('t'));
  const focusLineId = params.get('line');
  const actor = useActorRef(transcriptMachine, { input: { id, ...(shareCode ? { shareCode } : {}) } });
  const { record, lines, errorKey, errorMessage } = useSelector(actor, selectTranscriptContext);
  const status = useSelector(actor, selectTranscriptStatus);

  const playback = useActorRef(playbackMachine);
  const nowMs = useSelector(playback, selectNowMs);
  useEffect(() => {
    if (cueMs !== null) playback.send({ type: 'media.cue', ms: cueMs });
  }, [playback, cueMs]);
  const files = useActorRef(transcriptFilesMachine, { input: { id, shareCode } });
  const exporting = useSelector(files, selectExporting);
  const readingId = useSelector(files, selectReadingLineId);
  const translationChoices = useSelector(useActorRef(translationChoicesLogic, { input: { shareCode } }), selectChoices);
  useFileResults(files);

  const segments: SegmentView[] = useMemo(
    () =>
      lines.map((line) => ({
        id: line.id,
        startMs: line.startMs,
        endMs: line.endMs,
        speaker: line.speaker ?? null,
        text: line.text,
        translation: line.translation ?? null,
        words: wordTimings(line),
      })),
    [lines],
  );
  const activeIndex = indexAt(segments, nowMs);
  const activeSegment = activeIndex >= 0 ? segments[activeIndex] : undefined;
  const activeWord = activeSegment ? indexAt(activeSegment.words, nowMs) : -1;

  const onSeek = useCallback((ms: number) => playback.send({ type: 'media.seek', ms }), [playback]);
  const onMediaElement = useCallback((media: HTMLMediaElement | null) => playback.send({ type: 'media.attached', media }), [playback]);
  const onSaveLine = useCallback((lineId: string, text: string) => actor.send({ type: 'line.save', lineId, text }), [actor]);
  const onRenameSpeaker = useCallback((from: string, to: string) => actor.send({ type: 'speaker.rename', from, to }), [actor]);

  const onReadAloud = useCallback(
    (lineId: string) => {
      const line = lines.find((item) => item.id === lineId);
      if (!line || !record) return;
      files.send({ type: 'readAloud.requested', lineId, text: line.text, language: record.languages[0] ?? 'en-US' });
    },
    [files, lines, record],
  );

  const processing = isProcessing(record);
  const targetLanguages = record?.targetLanguages ?? [];
  const errorText = errorMessage ?? (errorKey ? t(errorKey) : undefined);

  return (
    <TranscriptPage
      status={status}
      title={record?.showName ?? ''}
      stateKey={record?.state ?? null}
      processingProgress={processing ? (record?.progress ?? 0) : null}
      {...(errorText ? { errorText } : {})}
      mediaUrl={id ? mediaUrlOf(id, shareCode) : null}
      mediaDownloadUrl={id ? mediaUrlOf(id, shareCode, true) : null}
      onMediaElement={onMediaElement}
      segments={segments}
      activeSegmentId={activeSegment?.id ?? null}
      focusSegmentId={focusLineId}
      activeWord={activeWord}
      showTranslation={targetLanguages.length > 0 || segments.some((segment) => segment.translation)}
      canEdit={!shareCode && !processing}
      readingId={readingId}
      translationChoices={translationChoices.filter((item) => item.available !== false && !record?.languages.includes(item.code) && !targetLanguages.includes(item.code))}
      exporting={exporting}
      summary={status === 'ready' && id ? <SummaryContainer transId={id} {...(shareCode ? { shareCode } : {})} /> : null}
      onBack={() => (window.history.length > 1 ? navigate(-1) : navigate('/recordList'))}
      onRetry={() => actor.send({ type: 'transcript.reload' })}
      onSeek={onSeek}
      onSaveLine={onSaveLine}
      onRenameSpeaker={onRenameSpeaker}
      onReadAloud={onReadAloud}
      onAddTranslation={(lang) => actor.send({ type: 'translation.add', lang })}
      onExport={(format, content) => files.send({ type: 'export.requested', format, content })}
    />
  );
}
