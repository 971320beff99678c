import { Button, Menu, Portal } from '@chakra-ui/react';
import { LOCALES, type Locale } from '../../shared/contract/limits';

// Labels are the languages' own names, so they are the same in every interface language.
export const LANGUAGE_LABELS: Record<Locale, string> = {
  'zh-CN': '简体中文',
  'zh-TW': '繁體中文',
  'en-US': 'English',
};

export interface LanguagePickerProps {
  size?: 'xs' | 'sm';
  locale: Locale;
  onChange(locale: Locale): void;
}

export function LanguagePicker({ locale, onChange, size = 'sm' }: LanguagePickerProps) {
  return (
    <Menu.Root onSelect={(details) => onChange(details.value as Locale)}>
      <Menu.Trigger asChild>
        <Button size={size} variant="ghost" data-testid="language-picker-trigger">
          {LANGUAGE_LABELS[locale]}
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            {LOCALES.map((option) => (
              <Menu.Item key={option} value={option} data-testid={`language-option-${option}`} fontWeight={option === locale ? 'semibold' : 'normal'}>
                {LANGUAGE_LABELS[option]}
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
