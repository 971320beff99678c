// The transcript page (/meetingDetail?id=…): any record, transcription or meeting. Composes the
// transcript and summary machines, the media element's clock (mediaTime$) and the file downloads.
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { indexAt, playbackMachine, selectNowMs, wordTimings } from '../../machines/transcript/playback.machine';
import { selectCanRefresh, selectSummaryContext, selectSummaryStatus, summaryMachine } from '../../machines/transcript/summary.machine';
import { fetchTranslationLanguages } from '../../api/shared/language-internation';
import { fetchSynthesisLanguages } from '../../api/transcript/synthesis-language';
import type { LanguageItem } from '../../machines/transcript/transcript.types';
import { isProcessing, selectTranscriptContext, selectTranscriptStatus, transcriptMachine } from '../../machines/transcript/transcript.machine';
import { TOAST_DURATION_MS } from '../../shared/contract/limits';
import type { ExportContent, ExportFormat } from '../../shared/contract/transcript';
import type { SegmentView } from '../../ui/transcript/SegmentRow';
import { SummaryPanel } from '../../ui/transcript/SummaryPanel';
import { TranscriptPage } from '../../ui/transcript/TranscriptPage';
import { showToast } from '../show-toast';
import { fetchExport, fetchSpeech, fetchSummaryDocument, mediaUrlOf, saveFile } from './transcript-files';

function SummaryContainer({ transId, shareCode }: { transId: string; shareCode?: string }) {
  const { t } = useTranslation('transcript');
  const actor = useActorRef(summaryMachine, { input: { transId, ...(shareCode ? { shareCode } : {}) } });
  const { summary, refreshSecondsLeft, errorKey, errorMessage } = useSelector(actor, selectSummaryContext);
  const status = useSelector(actor, selectSummaryStatus);
  const canRefresh = useSelector(actor, selectCanRefresh);
  const errorText = errorMessage ?? (errorKey ? t(errorKey) : undefined);
  const download = async () => {
    const file = await fetchSummaryDocument(transId);
    if (file.ok) saveFile(file.blob, file.fileName);
    else void showToast({ type: 'error', title: file.message ?? t('exportFailed'), duration: TOAST_DURATION_MS });
  };
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
      onDownload={() => void download()}
    />
  );
}

export default function MeetingDetailPage() {
  const { t } = useTranslation('transcript');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const shareCode = params.get('shareCode') ?? undefined;
  const actor = useActorRef(transcriptMachine, { input: { id, ...(shareCode ? { shareCode } : {}) } });
  const { record, lines, errorKey, errorMessage } = useSelector(actor, selectTranscriptContext);
  const status = useSelector(actor, selectTranscriptStatus);

  const playback = useActorRef(playbackMachine);
  const nowMs = useSelector(playback, selectNowMs);
  const [exporting, setExporting] = useState(false);
  const [readingId, setReadingId] = useState<string | null>(null);
  const [translationChoices, setTranslationChoices] = useState<LanguageItem[]>([]);
  const [synthesisLanguages, setSynthesisLanguages] = useState<LanguageItem[] | null>(null);

  useEffect(() => {
    if (shareCode) return;
    void fetchTranslationLanguages().then(setTranslationChoices);
  }, [shareCode]);

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

  const toastError = (title: string) => void showToast({ type: 'error', title, duration: TOAST_DURATION_MS });

  const onReadAloud = useCallback(
    async (lineId: string) => {
      const line = lines.find((item) => item.id === lineId);
      if (!line || !record) return;
      setReadingId(lineId);
      const languages = synthesisLanguages ?? (await fetchSynthesisLanguages());
      setSynthesisLanguages(languages);
      const wanted = record.languages[0] ?? 'en-US';
      const lang = languages.find((item) => item.code === wanted)?.code ?? languages.find((item) => item.code.split('-')[0] === wanted.split('-')[0])?.code ?? wanted;
      const speech = await fetchSpeech(line.text, lang);
      setReadingId(null);
      if (!speech.ok) return toastError(speech.message ?? t('readAloudFailed'));
      const url = URL.createObjectURL(speech.blob);
      const audio = new Audio(url);
      audio.onended = () => URL.revokeObjectURL(url);
      void audio.play().catch(() => undefined);
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [lines, record, synthesisLanguages],
  );

  const onExport = async (format: ExportFormat, content: ExportContent) => {
    setExporting(true);
    const file = await fetchExport(id, format, content, shareCode);
    setExporting(false);
    if (file.ok) saveFile(file.blob, file.fileName);
    else toastError(file.message ?? t('exportFailed'));
  };

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
      onReadAloud={(lineId) => void onReadAloud(lineId)}
      onAddTranslation={(lang) => actor.send({ type: 'translation.add', lang })}
      onExport={(format, content) => void onExport(format, content)}
    />
  );
}
