import { Button, Wrap } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { languageName } from './languageName';

export interface LanguageChipsProps {
  codes: readonly string[];
  selected: readonly string[];
  onToggle(code: string): void;
  testId: string;
}

/** One toggle button per language; selected ones are solid. */
export function LanguageChips({ codes, selected, onToggle, testId }: LanguageChipsProps) {
  const { i18n } = useTranslation();
  return (
    <Wrap gap="2" data-testid={testId}>
      {codes.map((code) => {
        const on = selected.includes(code);
        return (
          <Button
            key={code}
            size="sm"
            variant={on ? 'solid' : 'outline'}
            colorPalette={on ? 'brand' : 'gray'}
            aria-pressed={on}
            data-testid={`${testId}-${code}`}
            onClick={() => onToggle(code)}
          >
            {languageName(code, i18n.language)}
          </Button>
        );
      })}
    </Wrap>
  );
}
