import { Button, Text, Wrap } from '@chakra-ui/react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { useEngineLabel, useUnavailableLabel, type EngineName, type LanguagePick } from '../common/LanguageSelect';
import { languageName } from './language-name';

export interface LanguageChipsProps {
  codes: readonly string[];
  selected: readonly string[];
  onToggle(code: string): void;
  testId: string;
  /** Languages this server cannot serve: disabled (unless selected, so they can be removed), with why. */
  unavailable?: Readonly<Record<string, NonNullable<LanguagePick['unavailable']>>>;
  /** The engines that serve each language ("Vosk server"), named under it before it is picked. */
  engines?: Readonly<Record<string, readonly EngineName[]>>;
}

/**
 * One toggle button per language; selected ones are solid. Memoised: each chip is a Chakra button whose
 * styles are serialised and hashed on every render (~1 ms a chip on a throttled phone), and the setup
 * form re-renders for changes elsewhere in it (its name, style, plan limits) that leave the chips as they are.
 */
export const LanguageChips = memo(function LanguageChips({ codes, selected, onToggle, testId, unavailable = {}, engines = {} }: LanguageChipsProps) {
  const { i18n } = useTranslation();
  const unavailableLabel = useUnavailableLabel();
  const engineLabel = useEngineLabel();
  return (
    <Wrap gap="2" data-testid={testId}>
      {codes.map((code) => {
        const on = selected.includes(code);
        const why = unavailable[code];
        const served = why ? '' : engineLabel(engines[code]);
        return (
          <Button
            key={code}
            size="sm"
            // A chip with its engine or why it is unavailable is longer than a phone is wide (390 px):
            // its text wraps inside the chip instead of running past the card.
            h="auto"
            minH="9"
            py="1"
            maxW="full"
            whiteSpace="normal"
            flexWrap="wrap"
            columnGap="1.5"
            rowGap="0"
            textAlign="start"
            variant={on ? 'solid' : 'outline'}
            colorPalette={on ? 'brand' : 'gray'}
            aria-pressed={on}
            disabled={Boolean(why) && !on}
            title={why ? (why.reason ?? unavailableLabel(why)) : undefined}
            data-testid={`${testId}-${code}`}
            data-unavailable={why ? 'true' : undefined}
            onClick={() => onToggle(code)}
          >
            {languageName(code, i18n.language)}
            {why && (
              <Text as="span" fontSize="xs" fontWeight="normal">
                {unavailableLabel(why)}
              </Text>
            )}
            {served && (
              <Text as="span" fontSize="xs" fontWeight="normal" data-testid={`${testId}-${code}-engine`}>
                {served}
              </Text>
            )}
          </Button>
        );
      })}
    </Wrap>
  );
});
