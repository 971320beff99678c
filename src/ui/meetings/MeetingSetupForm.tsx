import { Alert, Box, Button, Card, Field, Heading, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MEETING_RECOGNITION_LANGUAGES_MAX, MEETING_TRANSLATION_LANGUAGES_MAX } from '../../shared/contract/limits';
import { SUBTITLE_DISPLAYS, SUBTITLE_FONT_SIZES, type SubtitleDisplay, type SubtitleLook } from '../../shared/contract/meeting';
import { LanguageChips, type LanguageChipsProps } from './LanguageChips';
import { TermsDialog } from './TermsDialog';

// As tall as the selects beside them, so the row's labels line up.
const COLOUR_INPUT_STYLE = { height: 40, width: 56 };

/** What the form edits (the meeting setup machine's config has this shape). */
export interface MeetingSetupValues {
  name: string;
  recognitionLanguages: readonly string[];
  translationLanguages: readonly string[];
  style: SubtitleLook;
  termsAccepted: boolean;
  documentIds?: readonly string[];
}

export interface MeetingSetupFormProps {
  config: MeetingSetupValues;
  recognitionCodes: readonly string[];
  translationCodes: readonly string[];
  /** Languages this server cannot serve, shown disabled with the reason and setting. */
  recognitionUnavailable?: LanguageChipsProps['unavailable'];
  translationUnavailable?: LanguageChipsProps['unavailable'];
  /** The engines that serve each language ("Vosk server"), named on its chip. */
  recognitionEngines?: LanguageChipsProps['engines'];
  translationEngines?: LanguageChipsProps['engines'];
  /** Problem keys of the setup rules (problem_<key> in the meetings namespace). */
  problems: readonly string[];
  /** Languages per meeting the user's plan allows (re-read after a purchase); absent until known. */
  allowed?: { recognition: number; translation: number } | null;
  /** Whether a higher plan allows more (an SVIP host, at the product's most, is not told "SVIP allows more"). */
  higherPlanAllowsMore?: boolean;
  busy: boolean;
  error: string | null;
  onToggleRecognition(code: string): void;
  onToggleTranslation(code: string): void;
  onChange(patch: Partial<Pick<MeetingSetupValues, 'name' | 'style' | 'termsAccepted'>>): void;
  onStart(): void;
  /** Opens the vocabulary picker (absent: the form offers none). */
  onPickVocabulary?(): void;
  /** The picker dialog, rendered by the route from its machine. */
  vocabularyDialog?: ReactNode;
}


export function MeetingSetupForm(props: MeetingSetupFormProps) {
  const { config, problems, busy, error, onChange } = props;
  const { t } = useTranslation('meetings');
  const [termsOpen, setTermsOpen] = useState<false | 'read' | 'start'>(false);
  const setStyle = (patch: Partial<SubtitleLook>) => onChange({ style: { ...config.style, ...patch } });
  const blocking = problems.filter((problem) => problem !== 'termsRequired');
  const start = () => (config.termsAccepted ? props.onStart() : setTermsOpen('start'));
  return (
    <Card.Root data-testid="meeting-setup">
      <Card.Body>
        <Stack gap="6">
          <Field.Root>
            <Field.Label>{t('meetingName')}</Field.Label>
            <Input value={config.name} placeholder={t('meetingNamePlaceholder')} onChange={(e) => onChange({ name: e.currentTarget.value })} data-testid="meeting-name" />
          </Field.Root>
          <Box>
            <Heading size="sm" mb="1">{t('recognitionLanguages')}</Heading>
            <Text fontSize="sm" color="fg.muted" mb="2">{t('recognitionHint', { max: MEETING_RECOGNITION_LANGUAGES_MAX })}</Text>
            {/* The plan's line keeps its place while the permissions load: appearing later, it pushed
                everything below it down (a layout shift, issue 27). */}
            {props.allowed ? (
              <Text fontSize="sm" color="fg.muted" mb="2" minH="5" data-testid="meeting-plan-allows">
                {t(props.higherPlanAllowsMore === false ? 'planAllowsMost' : 'planAllows', props.allowed)}
              </Text>
            ) : (
              <Box minH="5" mb="2" aria-hidden="true" />
            )}
            <LanguageChips codes={props.recognitionCodes} selected={config.recognitionLanguages} onToggle={props.onToggleRecognition} testId="meeting-recognition" unavailable={props.recognitionUnavailable} engines={props.recognitionEngines} />
          </Box>
          <Box>
            <Heading size="sm" mb="1">{t('translationLanguages')}</Heading>
            <Text fontSize="sm" color="fg.muted" mb="2">{t('translationHint', { max: MEETING_TRANSLATION_LANGUAGES_MAX })}</Text>
            <LanguageChips codes={props.translationCodes} selected={config.translationLanguages} onToggle={props.onToggleTranslation} testId="meeting-translation" unavailable={props.translationUnavailable} engines={props.translationEngines} />
          </Box>
          <Box>
            <Heading size="sm" mb="2">{t('subtitleStyle')}</Heading>
            <HStack gap="4" flexWrap="wrap" alignItems="end">
              <Field.Root w="auto">
                <Field.Label>{t('fontSize')}</Field.Label>
                <NativeSelect.Root w="28">
                  <NativeSelect.Field value={config.style.fontSize} onChange={(e) => setStyle({ fontSize: Number(e.currentTarget.value) })} data-testid="meeting-font-size">
                    {SUBTITLE_FONT_SIZES.map((size) => <option key={size} value={size}>{size} px</option>)}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Field.Root>
              <Field.Root w="auto">
                <Field.Label>{t('display')}</Field.Label>
                <NativeSelect.Root w="64" maxW="full">
                  <NativeSelect.Field value={config.style.display} onChange={(e) => setStyle({ display: e.currentTarget.value as SubtitleDisplay })} data-testid="meeting-display">
                    {SUBTITLE_DISPLAYS.map((display) => <option key={display} value={display}>{t(`display_${display}`)}</option>)}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Field.Root>
              <Field.Root w="auto">
                <Field.Label>{t('textColour')}</Field.Label>
                <input type="color" value={config.style.color} onChange={(e) => setStyle({ color: e.currentTarget.value })} data-testid="meeting-colour" style={COLOUR_INPUT_STYLE} aria-label={t('textColour')} />
              </Field.Root>
              <Field.Root w="auto">
                <Field.Label>{t('backgroundColour')}</Field.Label>
                <input type="color" value={config.style.backgroundColor} onChange={(e) => setStyle({ backgroundColor: e.currentTarget.value })} data-testid="meeting-background" style={COLOUR_INPUT_STYLE} aria-label={t('backgroundColour')} />
              </Field.Root>
            </HStack>
            <Box mt="3" p="3" borderRadius="md" bg={config.style.backgroundColor} color={config.style.color} fontSize={`${config.style.fontSize}px`} data-testid="meeting-style-preview">
              {config.style.display !== 'translation' && <Text>{t('previewOriginal')}</Text>}
              {config.style.display !== 'original' && <Text fontSize="0.85em" color="yellow.200">{t('previewTranslation')}</Text>}
            </Box>
          </Box>
          {blocking.map((problem) => (
            <Alert.Root key={problem} status="warning" data-testid={`meeting-problem-${problem}`}>
              <Alert.Indicator />
              <Alert.Title>{t(`problem_${problem}`)}</Alert.Title>
            </Alert.Root>
          ))}
          {error && (
            <Alert.Root status="error" data-testid="meeting-error">
              <Alert.Indicator />
              <Alert.Title>{error}</Alert.Title>
            </Alert.Root>
          )}
          <HStack justify="space-between" flexWrap="wrap">
            <HStack gap="2" flexWrap="wrap" maxW="full">
              <Button variant="plain" size="sm" onClick={() => setTermsOpen('read')} data-testid="meeting-terms-open">
                {config.termsAccepted ? t('termsAccepted') : t('termsRead')}
              </Button>
              {props.onPickVocabulary && (
                <Button variant="plain" size="sm" onClick={props.onPickVocabulary} data-testid="meeting-vocabulary-open">
                  {config.documentIds?.length ? t('vocabularyPicked', { count: config.documentIds.length }) : t('vocabularyPick')}
                </Button>
              )}
            </HStack>
            <Button colorPalette="brand" size="lg" loading={busy} disabled={blocking.length > 0} onClick={start} data-testid="meeting-start">
              {t('startMeeting')}
            </Button>
          </HStack>
        </Stack>
      </Card.Body>
      {props.vocabularyDialog}
      <TermsDialog
        open={termsOpen !== false}
        onClose={() => setTermsOpen(false)}
        onAccept={() => {
          const thenStart = termsOpen === 'start';
          setTermsOpen(false);
          onChange({ termsAccepted: true });
          if (thenStart) props.onStart();
        }}
      />
    </Card.Root>
  );
}
