import { Button, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { languageName } from './language-name';

export interface ScreenControlView {
  code: string;
  paused: boolean;
  /** '' = original only; null = as the meeting's style says. */
  language: string | null;
  fontSize: number | null;
}

export type ScreenControlChange =
  | { code: string; action: 'pause' | 'resume' | 'disconnect' }
  | { code: string; action: 'style'; translationLanguage?: string; fontSize?: number };

export interface ScreenControlsProps {
  screens: readonly ScreenControlView[];
  languages: readonly string[];
  busy: boolean;
  onChange(change: ScreenControlChange): void;
}

/** Text sizes a projected screen offers (px). */
export const SCREEN_FONT_SIZES = [32, 48, 64, 80, 100] as const;

/** Each cast screen of the meeting (multi-screen): its language and text size, pause, disconnect. */
export function ScreenControls({ screens, languages, busy, onChange }: ScreenControlsProps) {
  const { t, i18n } = useTranslation('meetings');
  if (!screens.length) return null;
  return (
    <Stack gap="2" data-testid="screen-controls">
      <Text fontSize="sm" fontWeight="semibold">{t('screensTitle')}</Text>
      {screens.map((screen) => (
        <Stack key={screen.code} gap="1" data-testid="screen-control" data-code={screen.code}>
          <Text fontFamily="mono" fontSize="sm">{screen.code}</Text>
          <HStack gap="2" flexWrap="wrap">
            <NativeSelect.Root size="xs" width="auto" disabled={busy}>
              <NativeSelect.Field
                aria-label={t('screenLanguage', { code: screen.code })}
                value={screen.language ?? languages[0] ?? ''}
                onChange={(e) => onChange({ code: screen.code, action: 'style', translationLanguage: e.currentTarget.value })}
                data-testid="screen-language"
              >
                {languages.map((code) => (
                  <option key={code} value={code}>{languageName(code, i18n.language)}</option>
                ))}
                <option value="">{t('screenOriginalOnly')}</option>
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <NativeSelect.Root size="xs" width="auto" disabled={busy}>
              <NativeSelect.Field
                aria-label={t('screenFontSize', { code: screen.code })}
                value={screen.fontSize ?? ''}
                onChange={(e) => onChange({ code: screen.code, action: 'style', fontSize: Number(e.currentTarget.value) })}
                data-testid="screen-font-size"
              >
                <option value="" disabled>—</option>
                {SCREEN_FONT_SIZES.map((size) => (
                  <option key={size} value={size}>{size} px</option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <Button size="xs" variant="outline" disabled={busy} onClick={() => onChange({ code: screen.code, action: screen.paused ? 'resume' : 'pause' })} data-testid="screen-pause">
              {screen.paused ? t('screenResume') : t('screenPause')}
            </Button>
            <Button size="xs" variant="outline" colorPalette="red" disabled={busy} onClick={() => onChange({ code: screen.code, action: 'disconnect' })} data-testid="screen-disconnect">
              {t('screenDisconnect')}
            </Button>
          </HStack>
        </Stack>
      ))}
    </Stack>
  );
}
