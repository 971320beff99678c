// The transcript page (/meetingDetail?id=…): any record, transcription or meeting. Composes the
// transcript and summary machines, the media element's clock (mediaTime$) and the file downloads.
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import {
  mediaUrlOf,
  selectChoices,
  selectExporting,
  selectReadingLineId,
  transcriptFilesMachine,
  translationChoicesLogic,
} from '../../machines/transcript/transcriptFiles.machine';
import {
  isProcessing,
  selectRetranslating,
  selectStaleLineIds,
  selectVocabulariesInForce,
  selectTranscriptContext,
  selectTranscriptStatus,
  transcriptMachine,
} from '../../machines/transcript/transcript.machine';

/** The stale ids are a new array on every read; the page re-renders only when they change. */
const sameIds = (a: string[], b: string[]) => a.length === b.length && a.every((id, index) => id === b[index]);
import { RecordSummary } from '../junctions/record-summary';
import { TranscriptPage } from '../../ui/transcript/TranscriptPage';
import { useFileResults } from './use-file-results';
import { useTranscriptPlayback } from './use-transcript-playback';

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
  const staleIds = useSelector(actor, selectStaleLineIds, sameIds);
  const retranslating = useSelector(actor, selectRetranslating);
  const vocabularies = useSelector(actor, selectVocabulariesInForce);

  const files = useActorRef(transcriptFilesMachine, { input: { id, shareCode } });
  const exporting = useSelector(files, selectExporting);
  const readingId = useSelector(files, selectReadingLineId);
  const translationChoices = useSelector(useActorRef(translationChoicesLogic, { input: { shareCode } }), selectChoices);
  useFileResults(files);

  const { segments, activeSegmentId, activeWord, onSeek, onMediaElement } = useTranscriptPlayback(lines, cueMs);

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
      vocabularies={vocabularies}
      stateKey={record?.state ?? null}
      processingProgress={processing ? (record?.progress ?? 0) : null}
      {...(errorText ? { errorText } : {})}
      mediaUrl={id ? mediaUrlOf(id, shareCode) : null}
      mediaDownloadUrl={id ? mediaUrlOf(id, shareCode, true) : null}
      onMediaElement={onMediaElement}
      segments={segments}
      activeSegmentId={activeSegmentId}
      focusSegmentId={focusLineId}
      activeWord={activeWord}
      showTranslation={targetLanguages.length > 0 || segments.some((segment) => segment.translation)}
      canEdit={!shareCode && !processing}
      readingId={readingId}
      translationChoices={translationChoices.filter((item) => item.available !== false && !record?.languages.includes(item.code) && !targetLanguages.includes(item.code))}
      exporting={exporting}
      summary={status === 'ready' && id ? <RecordSummary transId={id} {...(shareCode ? { shareCode } : {})} /> : null}
      onBack={() => (window.history.length > 1 ? navigate(-1) : navigate('/recordList'))}
      onRetry={() => actor.send({ type: 'transcript.reload' })}
      onSeek={onSeek}
      onSaveLine={onSaveLine}
      onRenameSpeaker={onRenameSpeaker}
      onReadAloud={onReadAloud}
      onAddTranslation={(lang) => actor.send({ type: 'translation.add', lang })}
      staleCount={staleIds.length}
      retranslating={retranslating}
      onRetranslate={(lineIds) => actor.send({ type: 'translation.retranslate', ...(lineIds ? { lineIds } : {}) })}
      onExport={(format, content) => files.send({ type: 'export.requested', format, content })}
    />
  );
}
