import { Box, Button, Card, Heading, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SummaryBody, type SummaryBodyProps } from '../common/SummaryBody';
import { languageName } from './language-name';

export type MeetingFileChoice = { format: 'txt' | 'srt' | 'docx'; content: 'original' | 'translation' | 'bilingual' };

export interface MeetingDownloadPanelProps {
  name: string;
  languages: readonly string[];
  /** The translation language shown and put into the files ('' when the meeting has none). */
  language: string;
  busy: boolean;
  errorText: string | null;
  /** The meeting's summary, kept as the meeting ended (null when there is none). */
  summary: SummaryBodyProps | null;
  /** The summary of the whole meeting is still being made. */
  summaryPending?: boolean;
  /** The player and the transcript lines (composed by the route, from src/routes/junctions). */
  playback?: ReactNode;
  onLanguage(language: string): void;
  onDownloadFile(choice: MeetingFileChoice): void;
  onDownloadSummary(): void;
}

/** The files a participant takes away after a meeting (features §2): transcript, subtitles, summary. */
const FILES: ReadonlyArray<{ choice: MeetingFileChoice; label: string; testId: string }> = [
  { choice: { format: 'txt', content: 'original' }, label: 'downloadTranscript', testId: 'download-transcript' },
  { choice: { format: 'srt', content: 'bilingual' }, label: 'downloadBilingualSubtitles', testId: 'download-subtitles' },
  { choice: { format: 'docx', content: 'bilingual' }, label: 'downloadWord', testId: 'download-word' },
];

/** After a meeting: its recording with the transcript, the language to read it in, and the downloads. */
export function MeetingDownloadPanel(props: MeetingDownloadPanelProps) {
  const { name, languages, language, busy, errorText, summary, playback, onLanguage, onDownloadFile, onDownloadSummary } = props;
  const { t, i18n } = useTranslation('meetings');
  return (
    <Stack gap="4" data-testid="meeting-share-download">
      <Card.Root>
        <Card.Body>
          <Stack gap="3">
            <Heading size="lg">{name}</Heading>
            <Text color="fg.muted">{t('downloadIntro')}</Text>
            {languages.length > 0 && (
              <NativeSelect.Root size="sm" width="auto">
                <NativeSelect.Field aria-label={t('downloadLanguage')} value={language} onChange={(e) => onLanguage(e.currentTarget.value)} data-testid="download-language">
                  {languages.map((code) => (
                    <option key={code} value={code}>{languageName(code, i18n.language)}</option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            )}
            <HStack gap="2" flexWrap="wrap">
              {FILES.map(({ choice, label, testId }) => (
                <Button key={testId} size="sm" variant="outline" disabled={busy} onClick={() => onDownloadFile(choice)} data-testid={testId}>
                  {t(label)}
                </Button>
              ))}
              {summary && (
                <Button size="sm" variant="outline" disabled={busy} onClick={onDownloadSummary} data-testid="download-summary">
                  {t('downloadSummary')}
                </Button>
              )}
            </HStack>
            {errorText && <Text color="red.600" data-testid="download-error">{errorText}</Text>}
          </Stack>
        </Card.Body>
      </Card.Root>
      <Card.Root>
        <Card.Body>
          <Heading size="sm" mb="2">{t('downloadSummaryTitle')}</Heading>
          {summary ? (
            <Box data-testid="download-summary-text">
              <SummaryBody {...summary} />
            </Box>
          ) : (
            <Text color="fg.muted">{props.summaryPending ? t('summary:keeping') : t('downloadNoSummary')}</Text>
          )}
        </Card.Body>
      </Card.Root>
      {playback}
    </Stack>
  );
}
