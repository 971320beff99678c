import { Box, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { LiveSubtitleLine, SubtitleLook } from '../../shared/contract/meeting';
import { readsSpokenLanguage } from '../../shared/contract/meeting-languages';

export interface SubtitleListProps {
  finals: readonly LiveSubtitleLine[];
  partials: readonly LiveSubtitleLine[];
  /** Translations shown under each final, in this order. */
  translationLanguages: string[];
  /** The meeting's spoken language: a reader of it gets the line once, as spoken, never a copied "translation". */
  spokenLanguage?: string;
  style: SubtitleLook;
  emptyText: string;
  /** Fills its parent's height (cast screen) instead of a fixed-height scrolling panel. */
  fill?: boolean;
  /** A participant's page: their own language first and largest, the spoken line under it, smaller;
   *  on a phone the panel takes most of the screen. */
  readerFirst?: boolean;
  testId?: string;
}

// The translation under its line (host, cast screen); on a participant's page their language leads, full size.
const TRANSLATION_UNDER = { opacity: 0.85, fontSize: '0.85em', color: 'yellow.200' } as const;
const READER_FIRST = { color: 'yellow.200', fontWeight: 'semibold' } as const;
const READER_SECOND = { opacity: 0.7, fontSize: '0.7em' } as const;

// Largest projection text on a phone-width screen (390 px fits about three words of it a line).
const PHONE_FILL_MAX_PX = 30;

/** A translation that only repeats its line (older records kept one for the spoken language). */
const repeatsLine = (line: LiveSubtitleLine, language: string) => line.translations[language]?.trim().toLowerCase() === line.text.trim().toLowerCase();

/** Finals solid with their translations underneath; partials greyed at the end. Follows the newest line. */
export function SubtitleList({ finals, partials, translationLanguages, spokenLanguage, style, emptyText, fill, readerFirst, testId = 'subtitles' }: SubtitleListProps) {
  const { t } = useTranslation('meetings');
  const panel = useRef<HTMLDivElement>(null);
  // Scrolls the panel only (scrollIntoView would move the whole page, and returns a promise in new Chrome).
  useEffect(() => {
    if (panel.current) panel.current.scrollTop = panel.current.scrollHeight;
  }, [finals.length, partials]);
  const readsSpoken = (language: string) => !!spokenLanguage && readsSpokenLanguage(spokenLanguage, language);
  const translated = translationLanguages.filter((language) => !readsSpoken(language));
  // A translation-only look still shows the line to a reader of the spoken language (their "translation" is the line).
  const originalForced = translated.length < translationLanguages.length;
  const showTranslation = style.display !== 'original';
  return (
    <Box
      ref={panel}
      data-testid={testId}
      bg={style.backgroundColor}
      color={style.color}
      borderRadius={fill ? undefined : 'lg'}
      p={{ base: '4', md: '6' }}
      h={fill ? '100%' : readerFirst ? { base: '72dvh', md: '60vh' } : { base: '50vh', md: '56vh' }}
      overflowY="auto"
      // Once the lines overflow, the panel scrolls: keyboard users reach it too (axe scrollable-region-focusable).
      tabIndex={0}
    >
      {/* A projection's large size is for a room: on a phone it is capped so a line is a few words, not one. */}
      <Stack gap={fill ? { base: '3', md: '4' } : '4'} fontSize={fill ? { base: `${Math.min(style.fontSize, PHONE_FILL_MAX_PX)}px`, md: `${style.fontSize}px` } : `${style.fontSize}px`} lineHeight="1.35">
        {finals.length === 0 && partials.length === 0 && <Text opacity={0.6}>{emptyText}</Text>}
        {finals.map((line, index) => {
          // A speaker's name heads each turn (a line whose speaker differs from the line before).
          const turn = line.speakerIndex && line.speakerIndex !== finals[index - 1]?.speakerIndex;
          const speaker = turn && (
            <Text key="speaker" data-testid="subtitle-speaker" fontSize="0.6em" fontWeight="semibold" opacity={0.75}>
              {line.speaker ?? t('speakers.name', { number: line.speakerIndex })}
            </Text>
          );
          const under = translated.filter((lang) => !repeatsLine(line, lang));
          // A line whose translations are still coming is shown as spoken meanwhile, in every look.
          const showOriginal = style.display !== 'translation' || originalForced || under.length < translated.length || !!line.pending;
          const original = showOriginal && (
            <Text key="original" data-testid="subtitle-original" {...(readerFirst && under.some((lang) => line.translations[lang]) ? READER_SECOND : {})}>
              {line.text}
            </Text>
          );
          const translations =
            showTranslation &&
            under.map((lang) =>
              line.translations[lang] ? (
                <Text key={lang} data-testid="subtitle-translation" data-lang={lang} {...(readerFirst ? READER_FIRST : TRANSLATION_UNDER)}>
                  {line.translations[lang]}
                </Text>
              ) : line.translationErrors[lang] ? (
                <Text key={lang} opacity={0.6} fontSize="0.6em" data-testid="subtitle-translation-error">
                  {line.translationErrors[lang]}
                </Text>
              ) : null,
            );
          return (
            <Box key={line.segmentId} data-testid="subtitle-final" data-start-ms={line.startMs}>
              {speaker}
              {readerFirst ? (
                <>
                  {translations}
                  {original}
                </>
              ) : (
                <>
                  {original}
                  {translations}
                </>
              )}
            </Box>
          );
        })}
        {partials.map((line) => (
          // Interim words are in the spoken language: on a reader's page they stay as small as its line.
          <Text key={line.segmentId} data-testid="subtitle-partial" data-start-ms={line.startMs} opacity={0.5} fontStyle="italic" {...(readerFirst ? { fontSize: '0.7em' } : {})}>
            {line.text}
          </Text>
        ))}
      </Stack>
    </Box>
  );
}
