import { Box, Button, Flex, HStack, NativeSelect, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EXPORT_CONTENTS, EXPORT_FORMATS, type ExportContent, type ExportFormat } from '../../shared/contract/transcript';
import { VocabulariesInForce, type VocabularyInForceView } from '../common/VocabulariesInForce';
import { MediaPlayer } from './MediaPlayer';
import type { SegmentView } from './SegmentRow';
import { TranscriptLines } from './TranscriptLines';

export interface LanguageOptionView {
  code: string;
  name: string;
}

export interface TranscriptPageProps {
  status: 'loading' | 'failed' | 'ready';
  title: string;
  /** The vocabulary libraries in force on the record (issue 14 §4); nothing is shown when empty. */
  vocabularies?: readonly VocabularyInForceView[];
  stateKey: string | null;
  processingProgress: number | null;
  errorText?: string;
  mediaUrl: string | null;
  /** Offered once the media has loaded (a record without stored media has nothing to download). */
  mediaDownloadUrl?: string | null;
  onMediaElement(element: HTMLMediaElement | null): void;
  segments: SegmentView[];
  activeSegmentId: string | null;
  /** A line to bring into view once it is listed (a search hit opened the page at it). */
  focusSegmentId?: string | null;
  activeWord: number;
  showTranslation: boolean;
  canEdit: boolean;
  readingId: string | null;
  translationChoices: LanguageOptionView[];
  exporting: boolean;
  summary: ReactNode;
  onBack(): void;
  onRetry(): void;
  onSeek(ms: number): void;
  onSaveLine(id: string, text: string): void;
  onRenameSpeaker(from: string, to: string): void;
  onReadAloud(id: string): void;
  onAddTranslation(lang: string): void;
  /** How many lines have a stale translation; they can be translated again, one or all. */
  staleCount?: number;
  retranslating?: boolean;
  onRetranslate?(lineIds?: string[]): void;
  onExport(format: ExportFormat, content: ExportContent): void;
}

export function TranscriptPage(props: TranscriptPageProps) {
  const { t } = useTranslation('transcript');
  const linesRef = useRef<HTMLDivElement>(null);
  const scrolledTo = useRef<string | null>(null);
  const focusIndex = props.focusSegmentId ? props.segments.findIndex((segment) => segment.id === props.focusSegmentId) : -1;
  useEffect(() => {
    // Once per focus line: the user's own scrolling afterwards is left alone.
    if (focusIndex < 0 || scrolledTo.current === props.focusSegmentId) return;
    const row = linesRef.current?.children[focusIndex];
    if (!(row instanceof HTMLElement)) return;
    scrolledTo.current = props.focusSegmentId ?? null;
    row.scrollIntoView?.({ block: 'center' });
  }, [focusIndex, props.focusSegmentId]);

  return (
    <Box minH="100vh" bg="bg.subtle">
      <Flex as="header" bg="bg.panel" borderBottomWidth="1px" px={{ base: '3', md: '6' }} py="3" gap="3" align="center" wrap="wrap">
        <Button size="sm" variant="ghost" onClick={props.onBack} data-testid="transcript-back">
          ← {t('back')}
        </Button>
        <Text fontWeight="semibold" fontSize="lg" truncate flex="1" minW="0" data-testid="transcript-title">
          {props.title}
        </Text>
        {props.stateKey && (
          <Text fontSize="sm" color="fg.muted" data-testid="transcript-state">
            {props.processingProgress !== null ? t('processing', { progress: props.processingProgress }) : t(`state_${props.stateKey}`)}
          </Text>
        )}
        <ExportControls showTranslation={props.showTranslation} exporting={props.exporting} ready={props.status === 'ready'} onExport={props.onExport} />
        {(props.vocabularies?.length ?? 0) > 0 && (
          <Box w="full">
            <VocabulariesInForce libraries={props.vocabularies} testId="transcript-vocabularies" />
          </Box>
        )}
      </Flex>

      {props.status === 'loading' && (
        <HStack justify="center" py="16" gap="3" color="fg.muted">
          <Spinner />
          <Text>{t('loading')}</Text>
        </HStack>
      )}
      {props.status === 'failed' && (
        <Stack align="center" py="16" gap="3">
          <Text color="red.600">{props.errorText ?? t('loadFailed')}</Text>
          <Button size="sm" onClick={props.onRetry}>
            {t('retry')}
          </Button>
        </Stack>
      )}
      {props.status === 'ready' && (
        <Flex direction={{ base: 'column', lg: 'row' }} gap="4" p={{ base: '3', md: '6' }} align="start">
          <Stack flex="1" minW="0" gap="3" w="full">
            <MediaPlayer mediaUrl={props.mediaUrl} mediaDownloadUrl={props.mediaDownloadUrl ?? null} onMediaElement={props.onMediaElement} />
            {(props.staleCount ?? 0) > 0 && (
              <HStack gap="3" bg="orange.subtle" color="orange.fg" rounded="md" px="3" py="2" data-testid="transcript-stale-notice">
                <Text fontSize="sm" flex="1">
                  {t('staleLines', { count: props.staleCount })}
                </Text>
                {props.canEdit && props.onRetranslate && (
                  <Button size="xs" variant="outline" loading={props.retranslating} onClick={() => props.onRetranslate?.()} data-testid="transcript-retranslate-all">
                    {t('retranslateAll')}
                  </Button>
                )}
              </HStack>
            )}
            {props.errorText && (
              <Text fontSize="sm" color="red.600" data-testid="transcript-error">
                {props.errorText}
              </Text>
            )}
            <Box ref={linesRef} bg="bg.panel" borderWidth="1px" rounded="lg" p="2" data-testid="transcript-lines">
              {props.segments.length === 0 ? (
                <Text p="4" color="fg.muted">
                  {props.processingProgress !== null ? t('processing', { progress: props.processingProgress }) : t('noLines')}
                </Text>
              ) : (
                <TranscriptLines
                  segments={props.segments}
                  activeSegmentId={props.activeSegmentId}
                  activeWord={props.activeWord}
                  showTranslation={props.showTranslation}
                  canEdit={props.canEdit}
                  readingId={props.readingId}
                  eagerCount={focusIndex + 1}
                  onSeek={props.onSeek}
                  onSaveLine={props.onSaveLine}
                  onRenameSpeaker={props.onRenameSpeaker}
                  onReadAloud={props.onReadAloud}
                  {...(props.onRetranslate ? { onRetranslate: props.onRetranslate } : {})}
                />
              )}
            </Box>
          </Stack>
          <Stack w={{ base: 'full', lg: '340px' }} flexShrink={0} gap="3">
            {props.canEdit && props.translationChoices.length > 0 && <AddTranslation choices={props.translationChoices} onAdd={props.onAddTranslation} />}
            {props.summary}
          </Stack>
        </Flex>
      )}
    </Box>
  );
}

/** The export format, what of the lines (original, translation or both, when translated) and the button. */
function ExportControls({ showTranslation, exporting, ready, onExport }: Pick<TranscriptPageProps, 'showTranslation' | 'exporting' | 'onExport'> & { ready: boolean }) {
  const { t } = useTranslation('transcript');
  const [format, setFormat] = useState<ExportFormat>('srt');
  const [content, setContent] = useState<ExportContent>('original');
  return (
    <HStack gap="2">
      <NativeSelect.Root size="sm" w="24">
        <NativeSelect.Field value={format} onChange={(event) => setFormat(event.target.value as ExportFormat)} data-testid="export-format" aria-label={t('exportFormatLabel')}>
          {EXPORT_FORMATS.map((item) => (
            <option key={item} value={item}>
              {item.toUpperCase()}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {showTranslation && (
        <NativeSelect.Root size="sm" w="32">
          <NativeSelect.Field value={content} onChange={(event) => setContent(event.target.value as ExportContent)} data-testid="export-content" aria-label={t('exportContentLabel')}>
            {EXPORT_CONTENTS.map((item) => (
              <option key={item} value={item}>
                {t(`exportContent_${item}`)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      )}
      <Button size="sm" colorPalette="brand" loading={exporting} disabled={!ready} onClick={() => onExport(format, content)} data-testid="export-button">
        {t('export')}
      </Button>
    </HStack>
  );
}

/** Adds a translation language to the record (an editor's choice among those offered). */
function AddTranslation({ choices, onAdd }: { choices: LanguageOptionView[]; onAdd(lang: string): void }) {
  const { t } = useTranslation('transcript');
  const [translateTo, setTranslateTo] = useState('');
  return (
    <Box bg="bg.panel" borderWidth="1px" rounded="lg" p="4">
      <Text fontWeight="semibold" mb="2">
        {t('addTranslation')}
      </Text>
      <HStack gap="2">
        <NativeSelect.Root size="sm" flex="1">
          <NativeSelect.Field value={translateTo} onChange={(event) => setTranslateTo(event.target.value)} aria-label={t('translateTo')} data-testid="translation-language">
            <option value="">{t('translateTo')}</option>
            {choices.map((item) => (
              <option key={item.code} value={item.code}>
                {item.name}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Button size="sm" disabled={!translateTo} onClick={() => {
            onAdd(translateTo);
            setTranslateTo('');
          }} data-testid="translation-add">
          {t('addTranslation')}
        </Button>
      </HStack>
    </Box>
  );
}
